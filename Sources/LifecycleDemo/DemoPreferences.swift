import LifecycleKit

/// A screen's validated appearance preferences.
struct DemoPreferences: Sendable {
    var navigationBarHidden: Bool?
    var navigationBarTransparent: Bool?
    var navigationBarColor: RGBAColor?
    var navigationItemColor: RGBAColor?
    var statusBarHidden: Bool?
}
