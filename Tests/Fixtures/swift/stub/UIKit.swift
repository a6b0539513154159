// A stub of the UIKit surface a navigation layout delegate uses, with UIKit's names and types, so that
// exported delegates can be typechecked where UIKit does not exist (swiftc -typecheck, Linux).
// Declarations only: nothing here lays anything out.
@_exported import Foundation

public struct UILayoutPriority: RawRepresentable, Hashable, Sendable {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public static let required = UILayoutPriority(1000)
    public static let defaultHigh = UILayoutPriority(750)
    public static let defaultLow = UILayoutPriority(250)
    public static let fittingSizeLevel = UILayoutPriority(50)
    public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue + rhs) }
    public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue - rhs) }
}

@MainActor
open class NSLayoutConstraint: NSObject {
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case notAnAttribute = 0
    }

    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1
        case equal = 0
        case greaterThanOrEqual = 1
    }

    open var constant: CGFloat = 0
    open var priority: UILayoutPriority = .required
    open var identifier: String?
    open var isActive = false
    open var multiplier: CGFloat { 1 }

    public convenience init(
        item view1: Any, attribute attr1: NSLayoutConstraint.Attribute, relatedBy relation: NSLayoutConstraint.Relation,
        toItem view2: Any?, attribute attr2: NSLayoutConstraint.Attribute, multiplier: CGFloat, constant c: CGFloat
    ) {
        self.init()
    }

    open class func activate(_ constraints: [NSLayoutConstraint]) {}
    open class func deactivate(_ constraints: [NSLayoutConstraint]) {}
}

@MainActor
open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { NSLayoutConstraint() }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        NSLayoutConstraint()
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        NSLayoutConstraint()
    }
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint()
    }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat)
        -> NSLayoutConstraint
    { NSLayoutConstraint() }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat)
        -> NSLayoutConstraint
    { NSLayoutConstraint() }
}

@MainActor open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}
@MainActor open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

@MainActor
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
    open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
    open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint()
    }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint()
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint()
    }
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat)
        -> NSLayoutConstraint
    { NSLayoutConstraint() }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat)
        -> NSLayoutConstraint
    { NSLayoutConstraint() }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat)
        -> NSLayoutConstraint
    { NSLayoutConstraint() }
}

/// What views and layout guides have in common: their anchors.
@MainActor
public protocol UILayoutAnchorsProviding: AnyObject {
    var leadingAnchor: NSLayoutXAxisAnchor { get }
    var trailingAnchor: NSLayoutXAxisAnchor { get }
    var leftAnchor: NSLayoutXAxisAnchor { get }
    var rightAnchor: NSLayoutXAxisAnchor { get }
    var topAnchor: NSLayoutYAxisAnchor { get }
    var bottomAnchor: NSLayoutYAxisAnchor { get }
    var widthAnchor: NSLayoutDimension { get }
    var heightAnchor: NSLayoutDimension { get }
    var centerXAnchor: NSLayoutXAxisAnchor { get }
    var centerYAnchor: NSLayoutYAxisAnchor { get }
}

@MainActor
open class UILayoutGuide: NSObject, UILayoutAnchorsProviding {
    public let leadingAnchor = NSLayoutXAxisAnchor()
    public let trailingAnchor = NSLayoutXAxisAnchor()
    public let leftAnchor = NSLayoutXAxisAnchor()
    public let rightAnchor = NSLayoutXAxisAnchor()
    public let topAnchor = NSLayoutYAxisAnchor()
    public let bottomAnchor = NSLayoutYAxisAnchor()
    public let widthAnchor = NSLayoutDimension()
    public let heightAnchor = NSLayoutDimension()
    public let centerXAnchor = NSLayoutXAxisAnchor()
    public let centerYAnchor = NSLayoutYAxisAnchor()
    open var layoutFrame: CGRect = .zero
}

public struct CACornerMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

@MainActor
open class UIView: NSObject, UILayoutAnchorsProviding {
    public override init() {}
    public init(frame: CGRect) {}

    public let leadingAnchor = NSLayoutXAxisAnchor()
    public let trailingAnchor = NSLayoutXAxisAnchor()
    public let leftAnchor = NSLayoutXAxisAnchor()
    public let rightAnchor = NSLayoutXAxisAnchor()
    public let topAnchor = NSLayoutYAxisAnchor()
    public let bottomAnchor = NSLayoutYAxisAnchor()
    public let widthAnchor = NSLayoutDimension()
    public let heightAnchor = NSLayoutDimension()
    public let centerXAnchor = NSLayoutXAxisAnchor()
    public let centerYAnchor = NSLayoutYAxisAnchor()
    public let layoutMarginsGuide = UILayoutGuide()
    public let safeAreaLayoutGuide = UILayoutGuide()

    open var bounds: CGRect = .zero
    open var frame: CGRect = .zero
    open var isHidden = false
    open var translatesAutoresizingMaskIntoConstraints = true
    open private(set) var subviews: [UIView] = []
    open private(set) weak var superview: UIView?

    open func addSubview(_ view: UIView) {}
    open func insertSubview(_ view: UIView, at index: Int) {}
    open func bringSubviewToFront(_ view: UIView) {}
    open func sendSubviewToBack(_ view: UIView) {}
    open func removeFromSuperview() {}
    open func addLayoutGuide(_ layoutGuide: UILayoutGuide) {}
    open func removeLayoutGuide(_ layoutGuide: UILayoutGuide) {}
    open func layoutIfNeeded() {}
    open func setNeedsLayout() {}

    open class func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {}
}

@MainActor open class UILabel: UIView {}
@MainActor open class UIButton: UIView {}
@MainActor open class UIImageView: UIView {}

@MainActor
open class UIStackView: UIView {
    open var arrangedSubviews: [UIView] = []
    open var spacing: CGFloat = 0
    open func addArrangedSubview(_ view: UIView) {}
    open func removeArrangedSubview(_ view: UIView) {}
}
