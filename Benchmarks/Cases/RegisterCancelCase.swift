import HookKit

/// `register-cancel`: registering one before hook and cancelling it, on a point that already
/// holds 1,000 hooks.
///
/// Registration and cancellation each recompile and republish the point's snapshot, so this is
/// the cost of changing a busy point, not of calling it.
final class RegisterCancelCase: BenchmarkCase {
    /// The case's name.
    static let name = "register-cancel"
    /// What one operation is.
    static let summary = "register and cancel one hook on a point holding 1,000 hooks"
    /// A HookKit case.
    static let category = BenchmarkCategory.hookKit
    /// An operation costs thousands of calls: 200, then 400 iterations under valgrind.
    static let measureIterations = 200
    /// How many hooks the point holds before the loop starts.
    static let existingHooks = 1_000

    /// The receiver, declaring its hook point the way users do.
    final class Target {
        /// The method's hook point.
        static let point = HookPoint<Target, Int, Int>("RegisterCancelCase.Target.work")

        /// What the method body and the hooks add to.
        var tally = 0

        /// Adds `argument` to the tally and returns the tally, through the hook point.
        @inline(never)
        func work(_ argument: Int) -> Int {
            Self.point.invoke(self, argument) { this, argument in
                this.tally &+= argument
                return this.tally
            }
        }
    }

    /// The 1,000 hooks registered during setup.
    private var tokens: [HookToken] = []

    /// Registers the 1,000 every-receiver before hooks.
    init() throws {
        tokens.reserveCapacity(Self.existingHooks)
        for _ in 0..<Self.existingHooks {
            tokens.append(try Target.point.before { this, argument in this.tally &+= argument })
        }
    }

    /// Registers and cancels one more every-receiver before hook, `iterations` times.
    func run(iterations: Int) {
        var cancelled = 0
        for _ in 0..<iterations {
            do {
                let token = try Target.point.before { this, argument in this.tally &+= argument }
                if token.cancel() { cancelled &+= 1 }
            } catch {
                preconditionFailure("an every-receiver hook cannot be refused: \(error)")
            }
        }
        blackHole(cancelled)
    }

    /// Cancels the 1,000 hooks.
    func tearDown() {
        for token in tokens { token.cancel() }
    }
}
