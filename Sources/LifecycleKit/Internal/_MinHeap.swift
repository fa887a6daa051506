/// A binary min-heap: the first element is the least by `precedes`; inserting and removing it cost O(log n).
///
/// The scheduled work of ``VirtualTime`` and of the leak detector (``_LeakCheckQueue``), ordered by due time, then by
/// the order it was scheduled in.
struct _MinHeap<Element> {
    /// Whether the first element comes before the second.
    let precedes: (Element, Element) -> Bool
    /// The elements, each after its parent (at `(index - 1) / 2`).
    private(set) var elements: [Element] = []

    init(by precedes: @escaping (Element, Element) -> Bool) {
        self.precedes = precedes
    }

    /// The least element.
    var first: Element? { elements.first }

    /// Adds `element`.
    mutating func insert(_ element: Element) {
        elements.append(element)
        var child = elements.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(elements[child], elements[parent]) else { break }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the least element, if there is one.
    mutating func removeFirst() -> Element? {
        guard let first = elements.first else { return nil }
        elements.swapAt(0, elements.count - 1)
        elements.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var least = parent
            if left < elements.count, precedes(elements[left], elements[least]) { least = left }
            if right < elements.count, precedes(elements[right], elements[least]) { least = right }
            guard least != parent else { break }
            elements.swapAt(parent, least)
            parent = least
        }
        return first
    }

    /// Removes every element.
    mutating func removeAll() {
        elements.removeAll()
    }

    /// Removes the elements that match `shouldBeRemoved`, in O(n log n).
    mutating func removeAll(where shouldBeRemoved: (Element) -> Bool) {
        elements.removeAll(where: shouldBeRemoved)
        elements.sort(by: precedes)  // a sorted array is a heap
    }
}
