import LifecycleKit

/// A screen of a demo run: its scenario name and the recorder of its run.
///
/// Hooks on the (process-wide) hook points use it to report only the screens of their own run.
protocol DemoNamed: AnyObject {
    /// The scenario's name for the screen.
    var name: String { get }
    /// The recorder of the run the screen belongs to.
    var recorder: DemoRecorder { get }
}

extension DemoScreen: DemoNamed {}

extension DemoNavigationController: DemoNamed {}

extension DemoRecorder {
    /// The scenario name of `screen` if it belongs to this recorder's run.
    func name(of screen: Screen) -> String? {
        guard let named = screen as? any DemoNamed, named.recorder === self else { return nil }
        return named.name
    }
}
