import HookKit

/// The instance-scoped override a child installed on its parent's `prefersStatusBarHidden`; it is
/// cancelled when reverted, and at the latest when the child that holds it dies.
final class _ParentStatusBarOverride {
    let token: HookToken
    weak var parent: Screen?

    init(token: HookToken, parent: Screen) {
        self.token = token
        self.parent = parent
    }

    deinit {
        token.cancel()
    }
}
