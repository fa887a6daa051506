/// The settings, presented full screen.
final class SettingsScreen: DemoScreen {}
