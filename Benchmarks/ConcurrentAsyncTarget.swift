import HookKit

/// The receiver of the concurrent async cases: an async method on a hook point that the case hooks
/// (`concurrent-async-before-1`) and the same method on a point nothing ever hooks (`concurrent-async-unhooked`).
final class ConcurrentAsyncTarget {
    /// The point `concurrent-async-before-1` registers its before hook on.
    static let hookedPoint = AsyncHookPoint<ConcurrentAsyncTarget, Int, Int>("ConcurrentAsyncTarget.work")
    /// A point without hooks.
    static let plainPoint = AsyncHookPoint<ConcurrentAsyncTarget, Int, Int>("ConcurrentAsyncTarget.plainWork")

    /// What the method body and the hook add to.
    var tally = 0
    /// Keeps each task's receiver off the other's cache lines, so that the cases measure HookKit, not two threads
    /// writing one line.
    private let padding: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) = (
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    )

    /// Adds `argument` to the tally and returns the tally, through ``hookedPoint``.
    @inline(never)
    func work(_ argument: Int) async -> Int {
        await Self.hookedPoint.invoke(self, argument) { this, argument in
            this.tally &+= argument
            return this.tally
        }
    }

    /// Adds `argument` to the tally and returns the tally, through ``plainPoint``.
    @inline(never)
    func plainWork(_ argument: Int) async -> Int {
        await Self.plainPoint.invoke(self, argument) { this, argument in
            this.tally &+= argument
            return this.tally
        }
    }

    /// Awaits the method `iterations` times in each of `tasks` tasks at once, each task with a receiver of its own,
    /// through ``hookedPoint`` or ``plainPoint``, and waits for all.
    ///
    /// Chooses the point outside the loops, so that each loop is the one `async-before-1` and `async-unhooked` time on
    /// one task, which the report divides by.
    static func callConcurrently(tasks: Int, iterations: Int, hooked: Bool) {
        AsyncLoop.runConcurrently(tasks: tasks) {
            let target = ConcurrentAsyncTarget()
            var sum = 0
            if hooked {
                for iteration in 0..<iterations {
                    sum &+= await target.work(iteration)
                }
            } else {
                for iteration in 0..<iterations {
                    sum &+= await target.plainWork(iteration)
                }
            }
            return sum
        }
    }
}
