/// The layout of one navigation state: the cards, the guides the controls keep to, the camera frame and
/// the controls, each written as constraints in the expression language.
extension BuiltInLayout {
    private static let headerGuide = "navigationHeaderLayoutGuide"
    private static let footerGuide = "navigationFooterLayoutGuide"
    private static let trailingButtonsGuide = "bottomTrailingButtonsLayoutGuide"
    private static let alternateGuide = "bottomTrailingButtonsAlternateLayoutGuide"

    /// The layout of the navigation state (also the disabled state, which no delegate covers).
    public func stateLayout(path: String) -> StateLayout {
        var views: [String] = ["viewport"]
        var c = ConstraintListBuilder(path: "\(path).constraints")
        if progressBarShown { views.append("tripProgressBar") }
        addHeader(&views, &c)
        addFooter(&views, &c)
        addControlsBottom(&c)
        addViewport(&c)
        addLeadingControls(&views, &c)
        addTrailingControls(&views, &c)
        return StateLayout(views: views, constraints: c.constraints)
    }

    /// The header (turnCard) at the top leading edge from the map's top, the header accessory right under
    /// it, and the header guide around both; without a header the guide is a zero-height strip at the
    /// padded top.
    private func addHeader(_ views: inout [String], _ c: inout ConstraintListBuilder) {
        let p = Self.paddingGuide
        let header = Self.headerGuide
        if headerShown {
            views.append("turnCard")
            c.equal("turnCard.leading", "safeArea.leading")
            c.equal("turnCard.top", "map.top")
            c.equal("\(header).leading", "turnCard.leading")
            c.equal("\(header).trailing", "turnCard.trailing")
            c.equal("\(header).top", "turnCard.top")
            if accessoryShown {
                views.append(names.headerAccessory)
                c.equal("\(names.headerAccessory).leading", "turnCard.leading")
                c.equal("\(names.headerAccessory).width", "turnCard.width")
                c.equal("\(names.headerAccessory).top", "turnCard.bottom")
                c.equal("\(header).bottom", "\(names.headerAccessory).bottom")
            } else {
                c.equal("\(header).bottom", "turnCard.bottom")
            }
        } else {
            c.equal("\(header).leading", "\(p).leading")
            c.equal("\(header).trailing", "\(p).trailing")
            c.equal("\(header).top", "\(p).top")
            c.equal("\(header).height", nil)
        }
    }

    /// The footer (etaCard) at the bottom leading edge, the footer guide around it (a zero-height strip
    /// at the padded bottom without one), and the two trailing-buttons guides: the footer's, or in wide
    /// mode the alternate one beside the footer.
    private func addFooter(_ views: inout [String], _ c: inout ConstraintListBuilder) {
        let p = Self.paddingGuide
        let footer = Self.footerGuide
        let alternate = Self.alternateGuide
        if footerShown {
            views.append("etaCard")
            c.equal("etaCard.leading", "safeArea.leading")
            c.equal("etaCard.bottom", "map.bottom")
            for edge in ["leading", "trailing", "top", "bottom"] { c.equal("\(footer).\(edge)", "etaCard.\(edge)") }
        } else {
            c.equal("\(footer).leading", "\(p).leading")
            c.equal("\(footer).trailing", "\(p).trailing")
            c.equal("\(footer).bottom", "\(p).bottom")
            c.equal("\(footer).height", nil)
        }
        for edge in ["leading", "trailing", "top", "bottom"] {
            c.equal("\(Self.trailingButtonsGuide).\(edge)", "\(footer).\(edge)")
        }
        if wideMode && footerShown {
            c.equal("\(alternate).leading", "etaCard.trailing")
            c.equal("\(alternate).trailing", "\(p).trailing")
            c.equal("\(alternate).bottom", "\(p).bottom")
            c.equal("\(alternate).height", nil)
        } else {
            for edge in ["leading", "trailing", "top", "bottom"] {
                c.equal("\(alternate).\(edge)", "\(footer).\(edge)")
            }
        }
    }

    /// What the controls keep clear of at the bottom: the footer (plus padding), a shown prompt, or
    /// the padded edge. A shown prompt sits at the map's bottom edge with its own height.
    private func addControlsBottom(_ c: inout ConstraintListBuilder) {
        let p = Self.paddingGuide
        let cb = Self.controlsBottomGuide
        let padBottom = settings.padding.bottom
        c.equal("\(cb).height", nil)
        c.equal("\(cb).leading", "\(p).leading")
        c.equal("\(cb).trailing", "\(p).trailing")
        if promptShown {
            let etaHeight = style[.footerNominalHeight] + screen.safeArea.bottom
            let promptHeight = state.prompt?.height ?? style[.promptDefaultHeight]
            let bottomInset = paddingEdge(padBottom, screen.safeArea.bottom)
            let paddedBottom =
                bottomInset.anchor == "safeArea" ? screen.safeArea.bottom + bottomInset.constant : bottomInset.constant
            let clearance = max(promptHeight, footerShown ? etaHeight + padBottom : paddedBottom)
            c.equal("\(cb).bottom", "map.bottom", -clearance)
        } else if footerShown {
            c.equal("\(cb).bottom", "\(Self.footerGuide).top", -padBottom)
        } else {
            c.equal("\(cb).bottom", "\(p).bottom")
        }
    }

    /// The top edge the trailing controls start from: under the header in narrow mode.
    private var controlsTop: (anchor: String, constant: Double) {
        let padTop = settings.padding.top
        if headerShown && !wideMode {
            return accessoryShown || padTop != 0 ? ("\(Self.headerGuide).bottom", padTop) : ("turnCard.bottom", 0)
        }
        return ("\(Self.paddingGuide).top", 0)
    }

    /// The camera frame: beside the cards in wide mode, between the controls' top and bottom otherwise.
    private func addViewport(_ c: inout ConstraintListBuilder) {
        let p = Self.paddingGuide
        if wideMode && (headerShown || footerShown) {
            c.equal("viewport.leading", headerShown ? "turnCard.trailing" : "etaCard.trailing", leadingPadding)
            c.equal("viewport.top", "\(p).top")
            c.equal("viewport.bottom", "\(p).bottom")
        } else {
            let top = controlsTop
            c.equal("viewport.leading", "\(p).leading")
            c.equal("viewport.top", top.anchor, top.constant)
            c.equal("viewport.bottom", "\(Self.controlsBottomGuide).top")
        }
        c.equal("viewport.trailing", "\(p).trailing")
    }

    /// The Google logo at the bottom leading corner above the controls' bottom, the speed widget on it.
    private func addLeadingControls(_ views: inout [String], _ c: inout ConstraintListBuilder) {
        let p = Self.paddingGuide
        if speedWidgetShown {
            views.append("speedWidget")
            c.equal("speedWidget.leading", "\(p).leading", style[.buttonHorizontalPadding])
            c.equal("speedWidget.bottom", "googleLogo.top")
        }
        views.append("googleLogo")
        c.equal("googleLogo.leading", "\(p).leading")
        c.equal("googleLogo.bottom", "\(Self.controlsBottomGuide).top")
    }

    /// The compass at the top trailing corner, the trip progress bar down the trailing edge, and the
    /// button stack at the bottom trailing corner, below the compass.
    private func addTrailingControls(_ views: inout [String], _ c: inout ConstraintListBuilder) {
        let p = Self.paddingGuide
        let cb = Self.controlsBottomGuide
        let hPad = style[.buttonHorizontalPadding]
        let vPad = style[.buttonVerticalPadding]
        let top = controlsTop
        if compassShown {
            views.append("compass")
            c.equal("compass.trailing", "\(p).trailing", -hPad)
            c.equal("compass.top", top.anchor, top.constant + vPad)
        }
        if progressBarShown {
            c.equal("tripProgressBar.trailing", "\(p).trailing")
            c.equal("tripProgressBar.top", top.anchor, top.constant + vPad)
            c.equal("tripProgressBar.bottom", "\(cb).top", -vPad)
        }
        if myLocationShown || reportingShown {
            let stack = Self.buttonStack
            views.append(stack)
            c.equal("\(stack).trailing", "\(p).trailing", -hPad)
            if wideMode && footerShown && !promptShown {
                c.equal("\(stack).bottom", "\(Self.alternateGuide).top", -vPad)
            } else {
                c.equal("\(stack).bottom", "\(cb).top", -vPad)
            }
            if compassShown {
                c.add("\(stack).top", .greaterThanOrEqual, "compass.bottom", vPad)
            } else {
                c.add("\(stack).top", .greaterThanOrEqual, top.anchor, top.constant + vPad)
            }
        }
    }
}
