import LifecycleKit

/// The screen types a scenario may use.
enum DemoScreenType: String, CaseIterable, Sendable {
    case home = "Home"
    case productList = "ProductList"
    case productDetail = "ProductDetail"
    case cart = "Cart"
    case settings = "Settings"
    case receipt = "Receipt"
    case screen = "Screen"
    case container = "Container"
    case navigation = "Navigation"

    /// The class the demo instantiates for the type.
    var screenClass: DemoScreen.Type? {
        switch self {
        case .home: return HomeScreen.self
        case .productList: return ProductListScreen.self
        case .productDetail: return ProductDetailScreen.self
        case .cart: return CartScreen.self
        case .settings: return SettingsScreen.self
        case .receipt: return ReceiptScreen.self
        case .screen: return DemoScreen.self
        case .container: return ContainerScreen.self
        case .navigation: return nil
        }
    }

    /// The names, for error messages.
    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
