/// An action and its handle, carried to the main queue by ``SystemTime``.
///
/// `@unchecked Sendable`: neither the action nor the handle is `Sendable`, but the host that schedules it runs on
/// the main thread (its host's thread), and the task is run there, on the main queue, once.
final class _MainQueueTask: @unchecked Sendable {
    /// What to run.
    let action: () -> Void
    /// The handle that can cancel it before it runs.
    let handle: ScheduledAction

    /// Carries `action` and its `handle`.
    init(action: @escaping () -> Void, handle: ScheduledAction) {
        self.action = action
        self.handle = handle
    }

    /// Runs the action unless its handle was cancelled.
    func run() {
        if !handle.isCancelled { action() }
    }
}
