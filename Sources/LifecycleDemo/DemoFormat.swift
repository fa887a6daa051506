import Foundation

/// Number formatting shared by the reports.
///
/// Never traps: values are formatted as text, without a conversion to `Int` that a huge number
/// would overflow.
enum DemoFormat {
    /// Seconds with three decimals, such as `12.350`.
    static func time(_ seconds: Double) -> String {
        guard seconds.isFinite else { return String(seconds) }
        return String(format: "%.3f", seconds)
    }

    /// Seconds with at most three decimals and no trailing zeros, such as `60`, `1.5` or `0.001`.
    ///
    /// Never in scientific notation: `1e-7` prints as `0`.
    static func seconds(_ seconds: Double) -> String {
        var text = time(seconds)
        guard seconds.isFinite else { return text }
        while text.hasSuffix("0") {
            text.removeLast()
        }
        if text.hasSuffix(".") {
            text.removeLast()
        }
        return text == "-0" ? "0" : text
    }

    /// `seconds` rounded to the millisecond, as the trace records times: `55.65`, not `55.649999999999984`.
    static func milliseconds(_ seconds: Double) -> Double {
        guard seconds.isFinite else { return seconds }
        return (seconds * 1000).rounded() / 1000
    }

    /// A fraction from 0 to 1 as a rounded percentage, such as `29` for 0.29.
    static func percent(_ fraction: Double) -> String {
        guard fraction.isFinite else { return String(fraction) }
        return String(format: "%.0f", (fraction * 100).rounded())
    }
}
