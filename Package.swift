// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "HookKit",
    products: [
        .library(name: "HookKit", targets: ["HookKit"])
    ],
    targets: [
        .target(
            name: "HookKit",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "HookKitTests",
            dependencies: ["HookKit"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
