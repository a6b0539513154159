import JSON
import NavigationLayout
import Testing

@Suite("Device catalog")
struct DeviceCatalogTests {
    @Test("every preset has a positive size in both orientations", arguments: DeviceCatalog.presets.map(\.id))
    func positiveSizes(_ id: String) throws {
        let preset = try #require(DeviceCatalog.preset(id: id))
        for orientation in DeviceOrientation.allCases {
            let metrics = preset.metrics(orientation)
            #expect(metrics.width > 0 && metrics.height > 0, "\(id) \(orientation)")
        }
        #expect(preset.portrait.height > preset.portrait.width, "\(id): portrait is taller than wide")
    }

    @Test("landscape is portrait turned a quarter", arguments: DeviceCatalog.presets.map(\.id))
    func landscapeIsRotatedPortrait(_ id: String) throws {
        let preset = try #require(DeviceCatalog.preset(id: id))
        #expect(preset.landscape.width == preset.portrait.height)
        #expect(preset.landscape.height == preset.portrait.width)
    }

    @Test("insets are not negative and leave room inside the screen", arguments: DeviceCatalog.presets.map(\.id))
    func insetsFit(_ id: String) throws {
        let preset = try #require(DeviceCatalog.preset(id: id))
        let windows = DeviceOrientation.allCases.map(preset.metrics) + preset.splitViews.map(\.metrics)
        for metrics in windows {
            let insets = metrics.safeArea
            #expect([insets.top, insets.bottom, insets.left, insets.right].allSatisfy { $0 >= 0 })
            #expect(insets.left + insets.right < metrics.width / 2, "\(id): the safe area keeps most of the width")
            #expect(insets.top + insets.bottom < metrics.height / 2, "\(id): the safe area keeps most of the height")
        }
    }

    @Test("ids are unique, lower-case and hyphenated, and the order is the documented one")
    func idsUniqueAndOrdered() {
        let ids = DeviceCatalog.allIDs
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(
                id.unicodeScalars.allSatisfy {
                    ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "."
                }, "\(id)")
        }
        let presets = DeviceCatalog.presets
        for (earlier, later) in zip(presets, presets.dropFirst()) {
            #expect(!DeviceCatalogOrder.before(later, earlier), "\(later.id) must not come after \(earlier.id)")
        }
        #expect(presets.first?.family == .iPhone)
        #expect(presets.last?.family == .iPad)
    }

    @Test(
        "the devices the matrix must cover are there",
        arguments: [
            "iphone-se-2", "iphone-se-3", "iphone-12-mini", "iphone-13-mini", "iphone-14", "iphone-15", "iphone-16",
            "iphone-15-plus", "iphone-16-plus", "iphone-15-pro", "iphone-16-pro", "iphone-15-pro-max",
            "iphone-16-pro-max", "iphone-16e", "ipad-mini-6", "ipad-air-11", "ipad-air-13", "ipad-pro-11",
            "ipad-pro-13",
        ])
    func requiredDevicesPresent(_ id: String) {
        #expect(DeviceCatalog.preset(id: id) != nil)
    }

    @Test("insets follow the screen kind: Dynamic Island, notch, home button, iPad")
    func insetsByScreenKind() throws {
        let fifteen = try #require(DeviceCatalog.preset(id: "iphone-15"))
        #expect(
            fifteen.portrait
                == DeviceMetrics(width: 393, height: 852, safeArea: EdgeInsets(top: 59, bottom: 34, left: 0, right: 0)))
        #expect(fifteen.landscape.safeArea == EdgeInsets(top: 0, bottom: 21, left: 59, right: 59))
        let fourteen = try #require(DeviceCatalog.preset(id: "iphone-14"))
        #expect(fourteen.landscape.safeArea == EdgeInsets(top: 0, bottom: 21, left: 47, right: 47))
        let se = try #require(DeviceCatalog.preset(id: "iphone-se-3"))
        #expect(se.portrait.safeArea == EdgeInsets(top: 20, bottom: 0, left: 0, right: 0))
        #expect(se.landscape.safeArea == .zero)
        let pro13 = try #require(DeviceCatalog.preset(id: "ipad-pro-13"))
        #expect(pro13.portrait.safeArea == EdgeInsets(top: 24, bottom: 20, left: 0, right: 0))
        #expect(pro13.landscape.safeArea == pro13.portrait.safeArea)
    }

    @Test("iPads have their four multitasking windows; iPhones none")
    func splitViews() throws {
        for preset in DeviceCatalog.presets {
            #expect(preset.splitViews.isEmpty == (preset.family == .iPhone), "\(preset.id)")
            for window in preset.splitViews {
                #expect(window.metrics.height == preset.landscape.height)
                #expect(window.metrics.width < preset.landscape.width)
                #expect(DeviceCatalog.splitView(id: window.id) == window)
            }
        }
        // Apple's published 12.9-inch table (1366 pt landscape): 375, 678, 981.
        let air13 = try #require(DeviceCatalog.preset(id: "ipad-air-13"))
        #expect(air13.splitViews.map(\.metrics.width) == [375, 678, 981, 320])
        let mini = try #require(DeviceCatalog.preset(id: "ipad-mini-6"))
        let oneThird = try #require(mini.splitViews.first)
        let twoThirds = try #require(mini.splitViews.dropFirst(2).first)
        #expect(oneThird.metrics.width + 10 + twoThirds.metrics.width == mini.landscape.width)
    }

    @Test("the catalog's JSON lists every preset in order with both orientations")
    func catalogJSON() throws {
        guard case .object(let root) = DeviceCatalog.jsonValue, case .array(let devices)? = root["devices"] else {
            Issue.record("GET /v1/devices must answer an object with a devices array")
            return
        }
        #expect(devices.count == DeviceCatalog.presets.count)
        for (value, preset) in zip(devices, DeviceCatalog.presets) {
            guard case .object(let device) = value else {
                Issue.record("device \(preset.id) is not an object")
                continue
            }
            #expect(device["id"] == .string(preset.id))
            #expect(device["portrait"] == preset.portrait.jsonValue)
            #expect(device["landscape"] == preset.landscape.jsonValue)
        }
        let text = JSONWriter().string(for: DeviceCatalog.jsonValue)
        #expect(text == JSONWriter().string(for: DeviceCatalog.jsonValue))
    }
}

/// The catalog's documented order, restated independently of its implementation.
enum DeviceCatalogOrder {
    static func before(_ a: DevicePreset, _ b: DevicePreset) -> Bool {
        let rank: (DeviceFamily) -> Int = { $0 == .iPhone ? 0 : 1 }
        if rank(a.family) != rank(b.family) { return rank(a.family) < rank(b.family) }
        if a.portrait.width != b.portrait.width { return a.portrait.width < b.portrait.width }
        if a.portrait.height != b.portrait.height { return a.portrait.height < b.portrait.height }
        return a.id < b.id
    }
}
