/// The pending checks of a leak detector: a binary min-heap by due time, then by sequence number.
///
/// One timer serves the whole queue, so tracking many screens costs one scheduled action, and each
/// check is O(log n).
struct _LeakCheckQueue {
    struct Item {
        let due: Double
        let sequence: Int
        let entry: _LeakEntry

        func precedes(_ other: Item) -> Bool {
            (due, sequence) < (other.due, other.sequence)
        }
    }

    private var items = _MinHeap<Item> { $0.precedes($1) }

    /// The due time of the earliest item.
    var firstDue: Double? { items.first?.due }

    mutating func insert(_ item: Item) {
        items.insert(item)
    }

    /// Removes and returns the earliest item if it is due by `time`.
    mutating func removeFirst(dueBy time: Double) -> Item? {
        guard let first = items.first, first.due <= time else { return nil }
        return items.removeFirst()
    }

    mutating func removeAll() {
        items.removeAll()
    }
}
