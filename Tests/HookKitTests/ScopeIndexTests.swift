import Testing

@testable import HookKit

/// The index that finds a scoped receiver's chain, at the sizes where its type cache's 16-bit answers run out.
@Suite("Scope index")
struct ScopeIndexTests {
    /// A chain stand-in whose identity tells which entry the index answered with.
    final class Marker {
        let name: String

        init(_ name: String) { self.name = name }
    }

    /// An index of `count` scoped types, all but the ones in `real` stand-ins that no receiver has (addresses no
    /// metadata lives at); each entry's chains are named after its position.
    static func index(count: Int, real: [Int: Any.Type]) -> (_ScopeIndex<Vehicle, Marker>, [Marker]) {
        var markers: [Marker] = []
        var entries: [_TypeChains] = []
        for position in 0..<count {
            let exact = Marker("exact \(position)")
            let inherited = Marker("inherited \(position)")
            markers += [exact, inherited]
            let type =
                real[position].map(ObjectIdentifier.init)
                ?? unsafeBitCast(16 * (position + 1), to: ObjectIdentifier.self)
            entries.append(_TypeChains(type: type, exact: exact, inherited: inherited, exactLink: nil))
        }
        return (_ScopeIndex(types: entries, shards: []), markers)
    }

    /// The chains of the 32,768th scoped type and later ones.
    ///
    /// The 32,768th scoped type's exact chain is the answer whose encoding is the cache's "no scoped type": its
    /// receivers once ran no scoped hook at all, while ``HookPoint/hooks(for:)`` listed them. Later types' answers do
    /// not fit in the cache and are looked up on each call.
    @Test("the chains of the 32,768th scoped type and later ones are found, on every call")
    func typesBeyondTheCachesAnswers() {
        let (index, markers) = Self.index(
            count: 32_770, real: [32_767: Car.self, 32_768: Truck.self, 5: Vehicle.self])
        withExtendedLifetime(markers) {
            for _ in 0..<3 {
                #expect(index.chain(for: Car(name: "car")).map { $0.takeUnretainedValue().name } == "exact 32767")
                #expect(
                    index.chain(for: SportsCar(name: "fast")).map { $0.takeUnretainedValue().name } == "inherited 32767"
                )
                #expect(index.chain(for: Truck(name: "truck")).map { $0.takeUnretainedValue().name } == "exact 32768")
                #expect(index.chain(for: Vehicle(name: "any")).map { $0.takeUnretainedValue().name } == "exact 5")
            }
        }
    }

    /// A receiver of no scoped type gets no chain, cached or not.
    @Test("a receiver of no scoped type gets no chain, among thousands of scoped types")
    func unscopedReceiverAmongManyTypes() {
        let (index, markers) = Self.index(count: 40_000, real: [39_999: Car.self])
        withExtendedLifetime(markers) {
            for _ in 0..<3 {
                #expect(index.chain(for: Truck(name: "truck")) == nil)
                #expect(index.chain(for: Car(name: "car")).map { $0.takeUnretainedValue().name } == "exact 39999")
            }
        }
    }
}
