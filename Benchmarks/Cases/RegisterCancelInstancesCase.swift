import HookKit

/// `register-cancel-instances`: registering one instance hook and cancelling it, on a point that already holds
/// instance hooks on 1,000 objects.
///
/// The habit of Aspects and InterposeKit users, who hook objects one by one; hooking the 1,000 objects costs
/// about 1,000 of these.
final class RegisterCancelInstancesCase: BenchmarkCase {
    /// The case's name.
    static let name = "register-cancel-instances"
    /// What one operation is.
    static let summary = "register and cancel one instance hook on a point holding instance hooks on 1,000 objects"
    /// A HookKit case.
    static let category = BenchmarkCategory.hookKit
    /// An operation costs thousands of calls: 20, then 40 iterations under valgrind.
    static let measureIterations = 20
    /// How many objects have an instance hook before the loop starts.
    static let hookedObjects = 1_000

    /// The receiver, declaring its hook point the way users do.
    final class Target {
        /// The method's hook point.
        static let point = HookPoint<Target, Int, Int>("RegisterCancelInstancesCase.Target.work")

        /// What the method body and the hooks add to.
        var tally = 0
    }

    /// The objects hooked during setup, and the one the loop hooks.
    private let targets: [Target]
    private let extra = Target()
    /// The 1,000 instance hooks registered during setup.
    private var tokens: [HookToken] = []

    /// Registers one instance before hook on each of 1,000 objects.
    init() throws {
        targets = (0..<Self.hookedObjects).map { _ in Target() }
        tokens.reserveCapacity(Self.hookedObjects)
        for target in targets {
            tokens.append(try Target.point.before(.instance(target)) { this, argument in this.tally &+= argument })
        }
    }

    /// Registers and cancels an instance before hook on one more object, `iterations` times.
    func run(iterations: Int) {
        var cancelled = 0
        for _ in 0..<iterations {
            do {
                let token = try Target.point.before(.instance(extra)) { this, argument in this.tally &+= argument }
                if token.cancel() { cancelled &+= 1 }
            } catch {
                preconditionFailure("an instance hook on the point's receiver type cannot be refused: \(error)")
            }
        }
        blackHole(cancelled)
    }

    /// Cancels the 1,000 hooks.
    func tearDown() {
        for token in tokens { token.cancel() }
    }
}
