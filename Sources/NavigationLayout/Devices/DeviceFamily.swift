/// The kind of device a preset describes; the catalog lists iPhones before iPads.
public enum DeviceFamily: String, CaseIterable, Sendable {
    case iPhone = "iphone"
    case iPad = "ipad"
}
