"""Backfill: decide every user of a folder of NDJSON states with rulecheck, on Spark.

Each line of each *.ndjson file is one user's state (the format of `rulecheck eval --batch`).
Spark splits the lines into partitions and pipes each partition through one
`rulecheck eval RULES --batch` process (`RDD.pipe`), which writes one decision per line in the
order it read them. The decisions are written as text files (one `part-*` per partition) in OUT.

    spark-submit backfill.py --rulecheck /path/to/rulecheck --rules rules/taskmate \
        --states states/ --out decisions/ [--master local[2]] [--partitions N]

The binary must exist at the same path on every worker (here, one machine). A bad line gives
an error object whose "line" counts within its partition; every other line is decided.
"""
import argparse
import os
import shlex

from pyspark import SparkConf, SparkContext


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rulecheck", required=True, help="the rulecheck binary")
    parser.add_argument("--rules", required=True, nargs="+", help="rule files or folders")
    parser.add_argument("--states", required=True, help="a folder of *.ndjson state files")
    parser.add_argument("--out", required=True, help="the folder to write the decisions to (must not exist)")
    parser.add_argument("--master", default="local[2]", help="the Spark master (default: local[2])")
    parser.add_argument("--partitions", type=int, default=0, help="how many partitions (default: Spark's)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="rulecheck --jobs in each task (default 1: Spark runs one task per core)")
    return parser.parse_args()


def main():
    arguments = parse_arguments()
    binary = os.path.abspath(arguments.rulecheck)
    rules = [os.path.abspath(path) for path in arguments.rules]
    command = [binary, "eval", *rules, "--batch", "--jobs", str(arguments.jobs)]
    conf = SparkConf().setAppName("rulecheck-backfill").setMaster(arguments.master)
    spark = SparkContext(conf=conf)
    spark.setLogLevel("ERROR")
    try:
        lines = spark.textFile(os.path.join(os.path.abspath(arguments.states), "*.ndjson"),
                               minPartitions=arguments.partitions or None)
        states = lines.filter(lambda line: line.strip() != "")
        # One rulecheck process per partition; its exit status 1 (some line failed) is not a
        # task failure: the failed lines are error objects in the output.
        decisions = states.pipe(shlex.join(command), checkCode=False)
        decisions.saveAsTextFile(os.path.abspath(arguments.out))
    finally:
        spark.stop()


if __name__ == "__main__":
    main()
