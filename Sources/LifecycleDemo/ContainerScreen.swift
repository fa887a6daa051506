/// A plain container: it shows the children added to it, and forwards its appearance to them.
final class ContainerScreen: DemoScreen {}
