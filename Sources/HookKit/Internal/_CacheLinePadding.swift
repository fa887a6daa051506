/// 128 bytes that keep the fields around them off their neighbours' cache lines (and adjacent-line pairs).
///
/// Objects that every call reads (a point's snapshot) are allocated from the same heap as objects that threads
/// write all the time; without padding, a write next door would bounce the line between cores.
struct _CacheLinePadding {
    private let words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private let more: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
}
