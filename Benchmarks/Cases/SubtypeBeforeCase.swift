import HookKit

/// `subtype-before`: a before hook registered for `Base` and its subclasses, called on a `Sub`.
///
/// The call resolves its chain by walking the receiver's class up to the scoped type.
final class SubtypeBeforeCase: BenchmarkCase {
    /// The case's name.
    static let name = "subtype-before"
    /// What one operation is.
    static let summary = "a hook registered for Base, called on a Sub instance"
    /// A HookKit case.
    static let category = BenchmarkCategory.hookKit

    /// The base class, declaring its hook point the way users do.
    class Base {
        /// The method's hook point, shared by every subclass.
        static let point = HookPoint<Base, Int, Int>("SubtypeBeforeCase.Base.work")

        /// What the method body and the hook add to.
        var tally = 0

        /// Adds `argument` to the tally and returns the tally, through the hook point.
        @inline(never)
        final func work(_ argument: Int) -> Int {
            Self.point.invoke(self, argument) { this, argument in
                this.tally &+= argument
                return this.tally
            }
        }
    }

    /// The subclass the loop calls the method on.
    final class Sub: Base {}

    /// The object the loop calls: a `Sub`, seen as a `Base`.
    private let target: Base = Sub()
    /// The registered hook.
    private let token: HookToken

    /// Registers the before hook for `Base` and its subclasses.
    init() throws {
        token = try Base.point.before(.type(Base.self)) { this, argument in this.tally &+= argument }
    }

    /// Calls the method `iterations` times.
    func run(iterations: Int) {
        var sum = 0
        for iteration in 0..<iterations {
            sum &+= target.work(iteration)
        }
        blackHole(sum)
    }

    /// Cancels the hook.
    func tearDown() {
        token.cancel()
    }
}
