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

    private var items: [Item] = []

    /// The due time of the earliest item.
    var firstDue: Double? { items.first?.due }

    mutating func insert(_ item: Item) {
        items.append(item)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].precedes(items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest item if it is due by `time`.
    mutating func removeFirst(dueBy time: Double) -> Item? {
        guard let first = items.first, first.due <= time else { return nil }
        items.swapAt(0, items.count - 1)
        items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < items.count, items[left].precedes(items[smallest]) { smallest = left }
            if right < items.count, items[right].precedes(items[smallest]) { smallest = right }
            guard smallest != parent else { break }
            items.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }

    mutating func removeAll() {
        items.removeAll()
    }
}
