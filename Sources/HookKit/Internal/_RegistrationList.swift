/// Registrations in call order, stored in chunks that copies of the list share.
///
/// A compiled chain keeps (shares) the list it was compiled from, so a list that is changed afterwards must not
/// change what the chain sees. Each chunk is an array, whose storage copies share until one of them changes it:
/// inserting or removing one registration copies at most one chunk (at most ``chunkCapacity`` references) and the
/// array of chunks, and only when a chain still shares them; a list that no chain keeps changes in place. Registering
/// or cancelling a hook on a point that holds thousands of hooks stays cheap.
struct _RegistrationList: Sequence {
    /// The chunks, in order; none is empty.
    private(set) var chunks: [[_AnyRegistration]] = []
    /// The number of registrations.
    private(set) var count = 0

    /// Chunks are split when they would grow past this many registrations.
    static var chunkCapacity: Int { 64 }

    init() {}

    var isEmpty: Bool { count == 0 }

    /// The registrations as one array.
    var array: [_AnyRegistration] {
        chunks.count == 1 ? chunks[0] : Array(chunks.joined())
    }

    /// Iterates the registrations in order.
    struct Iterator: IteratorProtocol {
        fileprivate var chunks: IndexingIterator<[[_AnyRegistration]]>
        fileprivate var items: IndexingIterator<[_AnyRegistration]>

        mutating func next() -> _AnyRegistration? {
            while true {
                if let item = items.next() { return item }
                guard let chunk = chunks.next() else { return nil }
                items = chunk.makeIterator()
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
            chunks = [[registration]]
            return
        }
        // The first chunk whose last item is past; if none, the last chunk (append at its end).
        let chunkIndex = chunks.firstIndex { isPast($0[$0.count - 1]) } ?? chunks.count - 1
        let index = chunks[chunkIndex].firstIndex(where: isPast) ?? chunks[chunkIndex].count
        chunks[chunkIndex].insert(registration, at: index)
        if chunks[chunkIndex].count > Self.chunkCapacity {
            let items = chunks[chunkIndex]
            let middle = items.count / 2
            chunks.replaceSubrange(chunkIndex...chunkIndex, with: [Array(items[..<middle]), Array(items[middle...])])
        }
    }

    /// Removes the registration with `id`; `false` if the list does not hold it.
    ///
    /// Looks at the chunks from both ends inwards (first, last, second, second to last, …): the newest hook of a
    /// level, the one most often cancelled, sits at one end (before hooks oldest first, after hooks and overrides
    /// newest first), so cancelling it reads one chunk, not the whole level.
    mutating func remove(_ id: UInt64) -> Bool {
        var front = 0
        var back = chunks.count - 1
        while front <= back {
            if remove(id, fromChunk: front) { return true }
            if back != front, remove(id, fromChunk: back) { return true }
            front += 1
            back -= 1
        }
        return false
    }

    /// Removes the registration with `id` from the chunk at `chunkIndex`, and the chunk if it becomes empty; `false`
    /// if the chunk does not hold it.
    private mutating func remove(_ id: UInt64, fromChunk chunkIndex: Int) -> Bool {
        guard let index = chunks[chunkIndex].firstIndex(where: { $0.id == id }) else { return false }
        chunks[chunkIndex].remove(at: index)
        if chunks[chunkIndex].isEmpty {
            chunks.remove(at: chunkIndex)
        }
        count -= 1
        return true
    }

    /// Appends the registrations of `list`, sharing its chunks.
    mutating func append(contentsOf list: _RegistrationList) {
        guard list.count != 0 else { return }
        chunks += list.chunks
        count += list.count
    }
}
