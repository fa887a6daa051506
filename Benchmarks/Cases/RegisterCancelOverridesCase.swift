import HookKit

/// `register-cancel-overrides`: registering one every-receiver override and cancelling it, on a point that already
/// holds 1,000 every-receiver overrides.
///
/// The shape of a point that many modules override (QMUI's and RSSwizzle's habit of swizzling one method from
/// several places): every change rebuilds the point's one chain, and the writer keeps track of the link each
/// override contributes to it.
final class RegisterCancelOverridesCase: BenchmarkCase {
    /// The case's name.
    static let name = "register-cancel-overrides"
    /// What one operation is.
    static let summary = "register and cancel an every-receiver override on a point holding 1,000 of them"
    /// A HookKit case.
    static let category = BenchmarkCategory.hookKit
    /// An operation costs thousands of calls: 20, then 40 iterations under valgrind.
    static let measureIterations = 20
    /// How many every-receiver overrides the point holds before the loop starts.
    static let existingOverrides = 1_000

    /// The receiver, declaring its hook point the way users do.
    final class Target {
        /// The method's hook point.
        static let point = HookPoint<Target, Int, Int>("RegisterCancelOverridesCase.Target.work")
    }

    /// The overrides registered during setup.
    private var tokens: [HookToken] = []

    /// Registers the 1,000 every-receiver overrides.
    init() throws {
        tokens.reserveCapacity(Self.existingOverrides)
        for _ in 0..<Self.existingOverrides {
            tokens.append(try Target.point.override { original in { this, argument in original(this, argument) &+ 1 } })
        }
    }

    /// Registers and cancels one more every-receiver override, `iterations` times.
    func run(iterations: Int) {
        churnEveryReceiverOverride(on: Target.point, iterations: iterations)
    }

    /// Cancels the overrides of the setup.
    func tearDown() {
        for token in tokens { token.cancel() }
    }
}
