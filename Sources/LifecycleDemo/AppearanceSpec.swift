/// A screen's appearance preferences in a scenario; absent fields mean "no preference".
struct AppearanceSpec: Decodable, Sendable {
    /// `prefersNavigationBarHidden`.
    var navigationBarHidden: Bool?
    /// `prefersNavigationBarTransparent`.
    var navigationBarTransparent: Bool?
    /// `preferredNavigationBarColor`, as `#RRGGBB` or `#RRGGBBAA`.
    var navigationBarColor: String?
    /// `preferredNavigationItemColor`, as `#RRGGBB` or `#RRGGBBAA`.
    var navigationItemColor: String?
    /// `prefersStatusBarHidden`.
    var statusBarHidden: Bool?

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case navigationBarHidden, navigationBarTransparent, navigationBarColor, navigationItemColor, statusBarHidden
    }

    init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownFields(CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        navigationBarHidden = try container.decodeIfPresent(Bool.self, forKey: .navigationBarHidden)
        navigationBarTransparent = try container.decodeIfPresent(Bool.self, forKey: .navigationBarTransparent)
        navigationBarColor = try container.decodeIfPresent(String.self, forKey: .navigationBarColor)
        navigationItemColor = try container.decodeIfPresent(String.self, forKey: .navigationItemColor)
        statusBarHidden = try container.decodeIfPresent(Bool.self, forKey: .statusBarHidden)
    }
}
