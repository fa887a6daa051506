/// The home screen of the shopping app.
final class HomeScreen: DemoScreen {}
