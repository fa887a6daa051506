import Testing

@testable import LifecycleKit

/// The host's clocks: the virtual one that tests and the demo drive by hand, and the system clock.
@Suite("Virtual time")
struct VirtualTimeTests {
    @Test("the system clock counts seconds from its creation and never goes back")
    func systemClock() {
        let time = SystemTime()
        var previous = time.now
        #expect(previous >= 0 && previous < 60)
        for _ in 0..<1_000 {
            let reading = time.now
            #expect(reading >= previous)
            previous = reading
        }
    }

    @Test("advancing runs due actions in due order, then scheduling order, each at its due time")
    func dueOrder() {
        let time = VirtualTime()
        var ran: [String] = []
        time.schedule(after: 2) { ran.append("b at \(time.now)") }
        time.schedule(after: 1) { ran.append("a at \(time.now)") }
        time.schedule(after: 2) {
            ran.append("c at \(time.now)")
            time.schedule(after: 0.5) { ran.append("d at \(time.now)") }  // due before the end: runs too
        }
        let late = time.schedule(after: 3) { ran.append("never") }
        late.cancel()
        time.advance(by: 3)
        #expect(ran == ["a at 1.0", "b at 2.0", "c at 2.0", "d at 2.5"])
        #expect(time.now == 3 && time.pendingCount == 0)
    }

    @Test("a negative or NaN advance counts as 0: time never goes back, and the actions due now run")
    func negativeAdvance() {
        let time = VirtualTime()
        time.advance(by: 10)
        var ran = 0
        time.schedule(after: -5) { ran += 1 }  // a negative delay is due now
        time.advance(by: -1)
        #expect(time.now == 10 && ran == 1)
        time.schedule(after: 0) { ran += 1 }
        time.advance(by: .nan)
        #expect(time.now == 10 && ran == 2)
    }

    @Test("an infinite advance counts as 0, and a non-finite start as 0: a repeating action cannot make it hang")
    func nonFiniteTimes() {
        let time = VirtualTime()
        var runs = 0
        func watch() {
            runs += 1
            time.schedule(after: 30) { watch() }  // as a confirmed leak's release watch does
        }
        time.schedule(after: 0) { watch() }
        time.advance(by: .infinity)
        #expect(time.now == 0 && runs == 1)
        time.advance(by: 95)
        #expect(time.now == 95 && runs == 4)
        #expect(VirtualTime(start: .nan).now == 0 && VirtualTime(start: -.infinity).now == 0)
    }

    @Test("a delay below the clock's resolution still falls after now, so time moves on")
    func delayBelowResolution() {
        let time = VirtualTime(start: 1e17)  // the gap between two doubles here is 16 seconds
        var runs: [Double] = []
        time.schedule(after: 1) { runs.append(time.now) }
        time.advance(by: 0)
        #expect(runs.isEmpty)
        time.advance(by: 32)
        #expect(runs == [1e17.nextUp])
    }

    @Test("the clock stops at the largest finite time, where a repeating action runs once more and no longer")
    func largestFiniteTime() {
        let time = VirtualTime()
        var runs = 0
        func watch() {
            runs += 1
            time.schedule(after: 30) { watch() }
        }
        time.advance(by: .greatestFiniteMagnitude)
        time.schedule(after: 0) { watch() }
        time.advance(by: .greatestFiniteMagnitude)
        #expect(time.now == .greatestFiniteMagnitude && runs == 1)
        time.advance(by: 30)
        #expect(time.now == .greatestFiniteMagnitude && runs == 1)
        time.schedule(after: .infinity) { runs += 100 }  // never
        time.advance(by: 0)
        #expect(runs == 1)
    }

    @Test("an action that advances the clock itself: what falls due runs inside it, and time never goes back")
    func nestedAdvance() {
        let time = VirtualTime()
        var seen: [String] = []
        time.schedule(after: 1) {
            seen.append("outer at \(time.now)")
            time.advance(by: 10)
            seen.append("outer done at \(time.now)")
        }
        time.schedule(after: 5) { seen.append("inner at \(time.now)") }
        time.schedule(after: 1.5) { seen.append("late at \(time.now)") }
        time.advance(by: 2)
        #expect(
            seen == [
                "outer at 1.0", "late at 1.5", "inner at 5.0", "outer done at 11.0",
            ])
        #expect(time.now == 11)
    }

    @Test("100,000 pending actions run in due order, then scheduling order, in time that grows as n log n")
    func manyActions() {
        let time = VirtualTime()
        var order: [Int] = []
        for index in 0..<100_000 {
            // Due times out of order, with ties: 9, 8, …, 0, then again.
            time.schedule(after: Double(9 - index % 10)) { order.append(index) }
        }
        time.advance(by: 10)
        #expect(order.count == 100_000 && time.pendingCount == 0)
        let expected = (0..<10).flatMap { due in (0..<100_000).filter { 9 - $0 % 10 == due } }
        #expect(order == expected)
    }

    @Test("cancelled actions that never fall due do not pile up")
    func cancelledActionsAreSweptOut() {
        let time = VirtualTime()
        let kept = time.schedule(after: 1) {}
        for _ in 0..<10_000 {
            time.schedule(after: 3_600) {}.cancel()
        }
        #expect(time.pendingCount == 1 && !kept.isCancelled)
        #expect(time._storedCount <= 64)
    }
}
