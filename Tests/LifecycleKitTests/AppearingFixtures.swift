import LifecycleKit

/// A ``TestScreen`` that also logs `name.viewIsAppearing`.
final class AppearingScreen: TestScreen {
    override func viewIsAppearing(_ animated: Bool) { log.add("\(name).viewIsAppearing") }
}

/// A ``ScriptedScreen`` that also logs `name.viewIsAppearing` and runs, once, the action set for `"viewIsAppearing"`.
final class AppearingScriptedScreen: ScriptedScreen {
    override func viewIsAppearing(_ animated: Bool) {
        log.add("\(name).viewIsAppearing")
        run("viewIsAppearing")
    }
}
