import Testing
@testable import Facts
import TestSupport

/// `DayTable` answers as a dictionary by day would, whatever order days come in.
struct DayTableTests {
    @Test("same answers as a dictionary", arguments: [1, 2, 3, 4, 5])
    func likeADictionary(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        var table = DayTable<[Int]>()
        var reference: [LocalDay: [Int]] = [:]
        let base = 20_000 + Int(generator.next() % 100)
        for step in 0..<2_000 {
            // Mostly forward, sometimes back (a traveller's offset), now and then far back.
            let day = LocalDay(number: base + Int(generator.next() % 400) - (step % 97 == 0 ? 300 : 0))
            switch generator.next() % 4 {
            case 0:
                table[day, default: []].append(step)
                reference[day, default: []].append(step)
            case 1:
                table[day] = [step]
                reference[day] = [step]
            case 2:
                table[day] = nil
                reference[day] = nil
            default:
                #expect(table[day] == reference[day])
                #expect(table.read(day, \.count) == reference[day]?.count)
            }
        }
        for number in (base - 400)...(base + 500) {
            let day = LocalDay(number: number)
            #expect(table[day] == reference[day])
            #expect(table.read(day, { $0.last }) == reference[day].map { $0.last })
        }
    }

    @Test func emptyAnswersNothing() {
        let table = DayTable<Int>()
        #expect(table.isEmpty)
        #expect(table[LocalDay(number: 0)] == nil)
        #expect(table[LocalDay(number: -5)] == nil)
        var emptied = DayTable<Int>()
        emptied[LocalDay(number: 3)] = 1
        #expect(!emptied.isEmpty)
        emptied[LocalDay(number: 3)] = nil
        #expect(emptied.isEmpty)
    }

    @Test func changesInPlaceWithoutCopying() {
        var table = DayTable<[Int]>()
        let day = LocalDay(number: 100)
        table[day, default: []].reserveCapacity(16)
        table[day, default: []].append(1)
        let before = table[day]?.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        for value in 2...10 { table[day, default: []].append(value) }
        #expect(table[day]?.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } == before)
        #expect(table[day] == Array(1...10))
    }
}
