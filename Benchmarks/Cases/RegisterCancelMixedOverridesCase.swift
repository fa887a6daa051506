import HookKit

/// `register-cancel-mixed-overrides`: registering one every-receiver override and cancelling it, on a point that
/// already holds 100 every-receiver overrides and an instance override on each of 100 objects.
///
/// The shape of SwiftHook's thread-safety tests, which hook classes and objects at once: every change of an
/// every-receiver override changes the chain of each hooked object, whose own override wraps it.
final class RegisterCancelMixedOverridesCase: BenchmarkCase {
    /// The case's name.
    static let name = "register-cancel-mixed-overrides"
    /// What one operation is.
    static let summary =
        "register and cancel an every-receiver override on a point holding 100 of them and 100 objects' overrides"
    /// A HookKit case.
    static let category = BenchmarkCategory.hookKit
    /// An operation costs thousands of calls: 20, then 40 iterations under valgrind.
    static let measureIterations = 20
    /// How many every-receiver overrides, and how many hooked objects, the point holds before the loop starts.
    static let hooks = 100

    /// The receiver, declaring its hook point the way users do.
    final class Target {
        /// The method's hook point.
        static let point = HookPoint<Target, Int, Int>("RegisterCancelMixedOverridesCase.Target.work")
    }

    /// The objects hooked during setup.
    private let targets: [Target]
    /// The hooks registered during setup.
    private var tokens: [HookToken] = []

    /// Registers 100 every-receiver overrides and an instance override on each of 100 objects, alternately.
    init() throws {
        targets = (0..<Self.hooks).map { _ in Target() }
        tokens.reserveCapacity(2 * Self.hooks)
        for target in targets {
            tokens.append(try Target.point.override { original in { this, argument in original(this, argument) &+ 1 } })
            tokens.append(
                try Target.point.override(.instance(target)) { original in
                    { this, argument in original(this, argument) &* 2 }
                })
        }
    }

    /// Registers and cancels an every-receiver override, `iterations` times.
    func run(iterations: Int) {
        churnEveryReceiverOverride(on: Target.point, iterations: iterations)
    }

    /// Cancels the hooks of the setup.
    func tearDown() {
        for token in tokens { token.cancel() }
    }
}
