/// Number formatting shared by the reports.
enum DemoFormat {
    /// Seconds with three decimals, such as `12.350`.
    static func time(_ seconds: Double) -> String {
        let thousandths = Int((seconds * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Seconds without trailing zeros, such as `60` or `1.5`.
    static func seconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
