import LifecycleKit

/// A navigation controller of the demo: it reports its own lifecycle methods too.
final class DemoNavigationController: NavigationController {
    /// The scenario's name for the controller.
    let name: String
    /// Where the controller reports.
    let recorder: DemoRecorder

    init(name: String, title: String, root: Screen, recorder: DemoRecorder) throws(LifecycleError) {
        self.name = name
        self.recorder = recorder
        try super.init(rootScreen: root, title: title)
    }

    override func loadView() {
        recorder.call(name, "loadView")
        super.loadView()
    }

    override func viewDidLoad() { recorder.call(name, "viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { recorder.call(name, "viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { recorder.call(name, "viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { recorder.call(name, "viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { recorder.call(name, "viewDidDisappear") }
}
