/// Registrations in call order, stored in shared, immutable chunks.
///
/// A compiled chain keeps (shares) the list it was compiled from, so a list that is changed
/// afterwards must not be changed in place. Inserting or removing one registration therefore
/// copies one chunk (at most ``chunkCapacity`` references) and the array of chunk references,
/// instead of the whole list: registering or cancelling a hook on a point that holds thousands of
/// hooks stays cheap.
struct _RegistrationList: Sequence {
    /// An immutable run of registrations.
    final class Chunk: @unchecked Sendable {
        let items: [_AnyRegistration]

        init(_ items: [_AnyRegistration]) {
            self.items = items
        }
    }

    /// The chunks, in order; none is empty.
    private(set) var chunks: [Chunk] = []
    /// The number of registrations.
    private(set) var count = 0

    /// Chunks are split when they would grow past this many registrations.
    static var chunkCapacity: Int { 64 }

    init() {}

    init(_ registrations: [_AnyRegistration]) {
        var start = 0
        while start < registrations.count {
            let end = Swift.min(start + Self.chunkCapacity / 2, registrations.count)
            chunks.append(Chunk(Array(registrations[start..<end])))
            start = end
        }
        count = registrations.count
    }

    var isEmpty: Bool { count == 0 }

    /// The registrations as one array.
    var array: [_AnyRegistration] {
        chunks.count == 1 ? chunks[0].items : chunks.flatMap(\.items)
    }

    /// Iterates the registrations in order.
    struct Iterator: IteratorProtocol {
        fileprivate var chunks: IndexingIterator<[Chunk]>
        fileprivate var items: IndexingIterator<[_AnyRegistration]>

        mutating func next() -> _AnyRegistration? {
            while true {
                if let item = items.next() { return item }
                guard let chunk = chunks.next() else { return nil }
                items = chunk.items.makeIterator()
            }
        }
    }

    func makeIterator() -> Iterator {
        Iterator(chunks: chunks.makeIterator(), items: [].makeIterator())
    }

    /// Inserts `registration` before the first registration for which `isPast` is true (which
    /// must be false, then true, along the list), or at the end.
    mutating func insert(_ registration: _AnyRegistration, beforeFirst isPast: (_AnyRegistration) -> Bool) {
        count += 1
        guard !chunks.isEmpty else {
            chunks = [Chunk([registration])]
            return
        }
        // The first chunk whose last item is past; if none, the last chunk (append at its end).
        let chunkIndex = chunks.firstIndex { isPast($0.items[$0.items.count - 1]) } ?? chunks.count - 1
        var items = chunks[chunkIndex].items
        items.insert(registration, at: items.firstIndex(where: isPast) ?? items.count)
        if items.count > Self.chunkCapacity {
            let middle = items.count / 2
            chunks.replaceSubrange(
                chunkIndex...chunkIndex, with: [Chunk(Array(items[..<middle])), Chunk(Array(items[middle...]))])
        } else {
            chunks[chunkIndex] = Chunk(items)
        }
    }

    /// Removes the registration with `id`; `false` if the list does not hold it.
    mutating func remove(_ id: UInt64) -> Bool {
        for (chunkIndex, chunk) in chunks.enumerated() {
            guard let index = chunk.items.firstIndex(where: { $0.id == id }) else { continue }
            var items = chunk.items
            items.remove(at: index)
            if items.isEmpty {
                chunks.remove(at: chunkIndex)
            } else {
                chunks[chunkIndex] = Chunk(items)
            }
            count -= 1
            return true
        }
        return false
    }

    /// The concatenation of `lists`, sharing their chunks.
    static func joined(_ lists: [_RegistrationList]) -> _RegistrationList {
        var result = _RegistrationList()
        for list in lists {
            result.chunks += list.chunks
            result.count += list.count
        }
        return result
    }
}
