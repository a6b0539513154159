/// How the device is held. Upside-down portrait is left out: iPhones with a home indicator do not
/// support it, and on iPad it gives the same size and insets as portrait.
public enum DeviceOrientation: String, CaseIterable, Sendable {
    case portrait
    case landscape
}
