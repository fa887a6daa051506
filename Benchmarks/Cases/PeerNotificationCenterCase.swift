import Foundation

/// `peer-notificationcenter`: a method that posts a `NotificationCenter` notification to one
/// observer, which is what a Swift user on Linux reaches for to observe every screen.
///
/// The notification carries the receiver as its object and no `userInfo` (passing the argument
/// would add a dictionary per post), so the observer adds 1 where hooks add the argument.
final class PeerNotificationCenterCase: BenchmarkCase {
    /// The case's name.
    static let name = "peer-notificationcenter"
    /// What one operation is.
    static let summary = "NotificationCenter.default.post to one observer"
    /// A peer.
    static let category = BenchmarkCategory.peer
    /// Thousands of instructions a call: 2,000, then 4,000 iterations under valgrind.
    static let measureIterations = 2_000
    /// The notification the method posts.
    static let notification = Notification.Name("HookBenchmarks.PeerNotificationCenterCase.work")

    /// The receiver, whose method posts before its body.
    final class Target {
        /// What the method body and the observer add to.
        var tally = 0

        /// Posts the notification, then adds `argument` to the tally and returns it.
        @inline(never)
        func work(_ argument: Int) -> Int {
            NotificationCenter.default.post(name: PeerNotificationCenterCase.notification, object: self)
            tally &+= argument
            return tally
        }
    }

    /// The object the loop calls.
    private let target = Target()
    /// The observer's registration.
    private let observer: any NSObjectProtocol

    /// Adds the observer, for every sender.
    init() {
        observer = NotificationCenter.default.addObserver(forName: Self.notification, object: nil, queue: nil) {
            notification in
            (notification.object as? Target)?.tally &+= 1
        }
    }

    /// Calls the method `iterations` times.
    func run(iterations: Int) {
        var sum = 0
        for iteration in 0..<iterations {
            sum &+= target.work(iteration)
        }
        blackHole(sum)
    }

    /// Removes the observer.
    func tearDown() {
        NotificationCenter.default.removeObserver(observer)
    }
}
