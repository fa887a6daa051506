import Testing

@testable import HookKit

/// The death check of every change: after objects are watched, replaced and unwatched in any order, exactly the
/// watched objects that died are candidates.
@Suite("Watched objects")
struct WatchedObjectsTests {
    @Test("after removals from the middle and the end, exactly the dead watched objects are candidates")
    func candidatesAreTheDeadOnes() {
        var watched = _WatchedObjects()
        var living: [Car] = (0..<8).map { Car(name: "\($0)") }
        let holders = living.map { _WeakObject($0) }
        for holder in holders {
            watched.set(holder.identifier, to: holder)
        }
        #expect(watched.candidates.isEmpty)
        // Unwatch one in the middle and the last (the swap-remove moves the last object into the freed position).
        watched.set(holders[2].identifier, to: nil)
        watched.set(holders[7].identifier, to: nil)
        // Watching an object again replaces its entry rather than adding one.
        watched.set(holders[4].identifier, to: holders[4])
        // Objects 1, 2 (unwatched), 5 and 7 (unwatched) die.
        living[1] = Car(name: "new1")
        living[2] = Car(name: "new2")
        living[5] = Car(name: "new5")
        living[7] = Car(name: "new7")
        let candidates = Set(watched.candidates.map(\.identifier))
        #expect(candidates == [holders[1].identifier, holders[5].identifier])
        // Unwatching the dead ones leaves nothing to report.
        watched.set(holders[1].identifier, to: nil)
        watched.set(holders[5].identifier, to: nil)
        #expect(watched.candidates.isEmpty)
        withExtendedLifetime((living, holders)) {}
    }
}
