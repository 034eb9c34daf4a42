/// What every page of rulecheck shares: the document around a page's body, its styles (light,
/// dark through `prefers-color-scheme`, phone widths, print) and its one small script, all
/// inline so the page fetches nothing.
package enum HTMLPage {
    /// A whole document: `<head>` with `title`, then what `body` writes inside `<body>`.
    package static func document(title: String, capacity: Int = 1 << 14, _ body: (inout HTMLWriter) -> Void) -> String {
        var html = HTMLWriter(reservingCapacity: capacity)
        html.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        html.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        html.raw("<meta name=\"generator\" content=\"rulecheck\">\n")
        html.element("title", text: title)
        html.raw("\n<style>")
        html.raw(style)
        html.raw("</style>\n</head>\n<body>\n")
        body(&html)
        html.raw("\n<script>")
        html.raw(script)
        html.raw("</script>\n</body>\n</html>\n")
        return html.html
    }

    /// The filter buttons of the award cards (hidden until the script shows them, so a page
    /// without scripts shows no dead buttons); the script marks the root so tests can tell it ran.
    static let script: StaticString = """
        (function () {
          var root = document.documentElement;
          root.setAttribute("data-script", "ran");
          var buttons = document.querySelectorAll("button[data-filter]");
          buttons.forEach(function (button) {
            button.hidden = false;
            button.addEventListener("click", function () {
              var wanted = button.getAttribute("data-filter");
              buttons.forEach(function (other) { other.setAttribute("aria-pressed", other === button ? "true" : "false"); });
              document.querySelectorAll("li[data-award]").forEach(function (card) {
                card.hidden = wanted !== "all" && card.getAttribute("data-state") !== wanted;
              });
            });
          });
          var bar = document.querySelector(".filters");
          if (bar) { bar.hidden = false; }
        })();
        """

    static let style: StaticString = """
        :root{color-scheme:light dark;--bg:#f6f7f9;--fg:#1d1f23;--muted:#5f6670;--card:#fff;--line:#d5d9de;\
        --accent:#1f6feb;--ok:#1a7f37;--okbg:#dcf5e3;--bad:#c62828;--badbg:#fde8e8;--frozen:#0a5cc2;--frozenbg:#dcecff;\
        --expired:#7b3fc4;--expiredbg:#f1e6fd;--pending:#8a6d00;--pendingbg:#fff6d1}
        @media (prefers-color-scheme:dark){:root{--bg:#0f1216;--fg:#e4e8ec;--muted:#9aa3ad;--card:#171b21;--line:#343b45;\
        --accent:#5ea1ff;--ok:#4cc46a;--okbg:#15331f;--bad:#ff6b6b;--badbg:#3a1717;--frozen:#79b3ff;--frozenbg:#13294a;\
        --expired:#c39bff;--expiredbg:#2b1b45;--pending:#f0cc4a;--pendingbg:#3a300c}}
        *{box-sizing:border-box}
        body{margin:0;background:var(--bg);color:var(--fg);\
        font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans CJK SC","PingFang SC",sans-serif}
        header,main,footer{max-width:1100px;margin:0 auto;padding:0 16px}
        header{padding-top:18px}
        footer{color:var(--muted);font-size:.8rem;padding-bottom:24px;margin-top:24px}
        h1{font-size:1.55rem;margin:.2em 0;overflow-wrap:anywhere}
        h2{font-size:1.2rem;margin:1.5em 0 .5em;padding-bottom:.2em;border-bottom:1px solid var(--line)}
        h3{font-size:1.02rem;margin:1.1em 0 .4em}
        h4{font-size:.98rem;margin:0;overflow-wrap:anywhere}
        code,.id{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
        .id{font-size:.78rem;color:var(--muted);overflow-wrap:anywhere;font-weight:400}
        .muted{color:var(--muted)}
        .sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
        .summary{display:flex;flex-wrap:wrap;gap:8px 20px;margin:.4em 0;padding:0;list-style:none}
        .summary li{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:4px 10px}
        .figures{display:flex;flex-wrap:wrap;gap:8px;margin:.5em 0}
        .figures div{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:6px 12px;min-width:110px;max-width:100%}
        .figures dt{font-size:.75rem;color:var(--muted)}
        .figures dd{margin:0;font-size:1.1rem;font-weight:600;overflow-wrap:anywhere}
        .alert{border:2px solid var(--bad);background:var(--badbg);border-radius:8px;padding:8px 14px;margin:12px 0}
        .filters{margin:.3em 0 .6em}
        .filters button{font:inherit;font-size:.85rem;border:1px solid var(--line);background:var(--card);color:var(--fg);\
        border-radius:999px;padding:2px 12px;margin-right:4px;cursor:pointer}
        .filters button[aria-pressed=true]{border-color:var(--accent);outline:2px solid var(--accent)}
        .cards{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(230px,1fr));gap:10px}
        .card{background:var(--card);border:1px solid var(--line);border-left-width:6px;border-radius:10px;padding:9px 12px;\
        break-inside:avoid}
        .card p{margin:3px 0;font-size:.88rem;overflow-wrap:anywhere}
        .state{display:inline-block;font-size:.75rem;font-weight:700;letter-spacing:.02em;padding:0 8px;border-radius:999px;\
        border:1px solid currentColor;margin-bottom:4px}
        .card[data-state=unlocked]{border-left-color:var(--ok)}
        .card[data-state=unlocked] .state{color:var(--ok);background:var(--okbg)}
        .card[data-state=locked]{border-left-style:dashed;border-left-color:var(--muted)}
        .card[data-state=locked] h4,.card[data-state=locked] .desc{color:var(--muted)}
        .card[data-state=locked] .state{color:var(--muted)}
        .card.masked{background:repeating-linear-gradient(135deg,var(--card) 0 10px,var(--bg) 10px 20px)}
        .new{color:var(--accent);font-weight:700}
        .bar{height:10px;border:1px solid var(--line);border-radius:5px;overflow:hidden;background:var(--bg);margin:5px 0 2px}
        .bar>span{display:block;height:100%;background:var(--accent)}
        .waiting{color:var(--pending);font-weight:600}
        .streak{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:4px 14px 12px;margin:10px 0;\
        break-inside:avoid-page}
        .streak .figures div{background:var(--bg)}
        .legend{list-style:none;padding:0;margin:.4em 0;display:flex;flex-wrap:wrap;gap:6px 14px;font-size:.82rem}
        .legend li{display:flex;align-items:center;gap:5px}
        .legend .swatch{display:inline-block;width:22px;height:22px;border:1px solid var(--line);text-align:center;\
        line-height:20px;font-size:.75rem}
        .months{display:flex;flex-wrap:wrap;gap:10px 14px;align-items:flex-start}
        .month{border-collapse:collapse;break-inside:avoid}
        .month caption{text-align:left;font-weight:600;font-size:.82rem;padding-bottom:2px}
        .month th{font-size:.66rem;font-weight:500;color:var(--muted);width:30px;padding:0}
        .month td{width:30px;height:32px;padding:0;text-align:center;vertical-align:top;font-size:.66rem;\
        border:1px solid var(--line);color:var(--muted);line-height:1.1}
        .month td.out{border-color:transparent;opacity:.5}
        td[data-status]::after,.swatch::after{display:block;font-size:.9rem;font-weight:700;line-height:1.1}
        [data-status=qualifying],[data-swatch=qualifying]{background:var(--okbg)!important;color:var(--ok)!important}
        [data-status=qualifying]::after,[data-swatch=qualifying]::after{content:"\\2713"}
        [data-status=frozen],[data-swatch=frozen]{background:var(--frozenbg)!important;color:var(--frozen)!important;border-style:dashed!important}
        [data-status=frozen]::after,[data-swatch=frozen]::after{content:"\\2744"}
        [data-status=missed],[data-swatch=missed]{background:var(--badbg)!important;color:var(--bad)!important}
        [data-status=missed]::after,[data-swatch=missed]::after{content:"\\2715"}
        [data-status=pending],[data-swatch=pending]{background:var(--pendingbg)!important;color:var(--pending)!important;border-style:dotted!important;\
        border-width:2px!important}
        [data-status=pending]::after,[data-swatch=pending]::after{content:"?"}
        [data-status=expired],[data-swatch=expired]{background:var(--expiredbg)!important;color:var(--expired)!important}
        [data-status=expired]::after,[data-swatch=expired]::after{content:"\\2298"}
        .swatch::after{line-height:20px}
        .milestones{list-style:none;padding:0;margin:.4em 0;display:flex;flex-wrap:wrap;gap:6px}
        .milestones li{border:1px solid var(--line);border-radius:999px;padding:0 10px;font-size:.82rem}
        .milestones li[data-state=unlocked]{border-color:var(--ok);color:var(--ok)}
        table.plain{border-collapse:collapse;margin:.4em 0}
        table.plain th,table.plain td{border:1px solid var(--line);padding:3px 8px;text-align:left;font-size:.88rem}
        table.plain td.wrap{overflow-wrap:anywhere;min-width:12em}
        .scroll{overflow-x:auto;max-width:100%}
        .tree,.tree ul{list-style:none;margin:0;padding-left:18px;border-left:1px dotted var(--line)}
        .tree{padding-left:0;border:0}
        .tree li{margin:3px 0}
        .term{display:inline-flex;gap:8px;align-items:baseline;flex-wrap:wrap}
        .value{font-weight:700;font-size:.8rem;padding:0 7px;border-radius:4px;border:1px solid currentColor;white-space:nowrap}
        .value[data-value=true]{color:var(--ok);background:var(--okbg)}
        .value[data-value=false]{color:var(--bad);background:var(--badbg);border-style:dashed}
        .value[data-value=skipped]{color:var(--muted);border-style:dotted}
        .value[data-value=other]{color:var(--accent)}
        .term code{overflow-wrap:anywhere}
        .chart{max-width:100%;height:auto;display:block;margin:4px 0}
        .chart-label,.chart-count{fill:var(--fg);font-size:13px}
        .chart-count{font-weight:700}
        .chart-track{fill:var(--bg);stroke:var(--line)}
        .samples{margin:4px 0 0;padding-left:18px;font-size:.82rem}
        @media (max-width:520px){body{font-size:14px}header,main,footer{padding:0 10px}\
        .month th,.month td{width:26px}.cards{grid-template-columns:1fr}}
        @media print{:root{--bg:#fff;--card:#fff;--fg:#000;--muted:#444}\
        body{background:#fff;color:#000;font-size:10pt}.filters{display:none!important}\
        *{-webkit-print-color-adjust:exact;print-color-adjust:exact}header,main,footer{max-width:none;padding:0}\
        .cards{grid-template-columns:repeat(3,1fr)}h2{break-after:avoid}}
        """
}
