// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "HookKit",
    // Synchronization's `Atomic` and `Mutex` need these (Linux has no minimum).
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "HookKit", targets: ["HookKit"]),
        .library(name: "LifecycleKit", targets: ["LifecycleKit"]),
        .executable(name: "lifecycle-demo", targets: ["LifecycleDemo"]),
        .executable(name: "hook-benchmarks", targets: ["HookBenchmarks"]),
    ],
    targets: [
        // Per-thread reader records for HookKit's call path: `_Thread_local` and C11 atomics (see its header).
        .target(name: "_HookKitRuntime"),
        .target(
            name: "HookKit",
            dependencies: ["_HookKitRuntime"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "LifecycleKit",
            dependencies: ["HookKit"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "LifecycleDemo",
            dependencies: ["HookKit", "LifecycleKit"],
            // Compiled into the binary (a byte array), so that the demo runs wherever its executable is copied.
            resources: [.embedInCode("Scenarios/shopping.json")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "HookBenchmarks",
            dependencies: ["HookKit", "LifecycleKit"],
            path: "Benchmarks",
            exclude: ["measure.sh", "results.svg", "PERFORMANCE.md"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "HookKitTests",
            dependencies: ["HookKit"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "LifecycleKitTests",
            dependencies: ["LifecycleKit"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "HookBenchmarksTests",
            dependencies: ["HookBenchmarks"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "LifecycleDemoTests",
            dependencies: ["LifecycleDemo"],
            resources: [.copy("Golden")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
