/// What a benchmark case measures, for grouping and colouring in reports.
enum BenchmarkCategory: String, Sendable {
    /// A call without interception: the floor the other cases are compared with.
    case baseline
    /// A HookKit hook point: calls with hooks, or registration.
    case hookKit
    /// Another way a Swift user on Linux would intercept calls, for comparison.
    case peer
}
