import Foundation

/// How reports print numbers: a few significant digits, thousands grouped.
enum NumberFormatting {
    /// A time per operation in nanoseconds: `2.13`, `45.2`, `3,850`.
    static func nanoseconds(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        if value < 10 { return String(format: "%.2f", value) }
        if value < 100 { return String(format: "%.1f", value) }
        return grouped(Int(value.rounded()))
    }

    /// A ratio to `direct-call`: `1.00×`, `12.4×`, `1,830×`.
    static func ratio(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        if value < 10 { return String(format: "%.2f×", value) }
        if value < 100 { return String(format: "%.1f×", value) }
        return grouped(Int(value.rounded())) + "×"
    }

    /// A CPU time from nanoseconds, in nanoseconds below 1 µs and in microseconds above: `6.21 ns`, `5.18 µs`.
    static func cpuTime(nanoseconds value: Double) -> String {
        guard value.isFinite else { return "—" }
        if value < 1_000 { return nanoseconds(value) + " ns" }
        return nanoseconds(value / 1_000) + " µs"
    }

    /// A duration for an axis tick, from nanoseconds: `1 ns`, `100 ns`, `10 µs`, `1 ms`.
    static func tick(nanoseconds value: Double) -> String {
        let units: [(scale: Double, unit: String)] = [(1e6, "ms"), (1e3, "µs"), (1, "ns")]
        for (scale, unit) in units where value >= scale {
            return "\(compact(value / scale)) \(unit)"
        }
        return "\(compact(value)) ns"
    }

    /// An integer with a comma between groups of three digits.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// A number without a trailing `.0`: `1`, `0.1`.
    private static func compact(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
    }
}
