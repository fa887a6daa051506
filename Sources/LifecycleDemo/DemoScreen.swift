import LifecycleKit

/// A screen of the demo: it reports each of its lifecycle methods to the run's recorder, and
/// states the appearance preferences its scenario gives it.
class DemoScreen: Screen {
    /// The scenario's name for the screen.
    let name: String
    /// Where the screen reports.
    let recorder: DemoRecorder
    /// The preferences from the scenario.
    let preferences: DemoPreferences

    required init(name: String, title: String, preferences: DemoPreferences, recorder: DemoRecorder) {
        self.name = name
        self.preferences = preferences
        self.recorder = recorder
        super.init(title: title)
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

    override var prefersNavigationBarHidden: Bool? { preferences.navigationBarHidden }
    override var prefersNavigationBarTransparent: Bool? { preferences.navigationBarTransparent }
    override var preferredNavigationBarColor: RGBAColor? { preferences.navigationBarColor }
    override var preferredNavigationItemColor: RGBAColor? { preferences.navigationItemColor }
    override var prefersStatusBarHidden: Bool { preferences.statusBarHidden ?? false }
}
