import Foundation

/// `seconds` with three decimals and a unit: `1.500 s`.
func _seconds(_ seconds: Double) -> String {
    String(format: "%.3f s", seconds)
}
