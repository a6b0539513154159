/// The request the playground opens with: the sample delegate of the SDK documentation (its
/// guidance layout on an iPhone 15 in portrait), as the design examples hold it.
enum PlaygroundSample {
    static let request = #"""
        {
          "screen": {
            "width": 393,
            "height": 852,
            "safeArea": {
              "top": 59,
              "bottom": 34,
              "left": 0,
              "right": 0
            },
            "layoutDirection": "ltr"
          },
          "state": {
            "navigation": "guidance"
          },
          "delegate": {
            "guides": [
              "contentBottom"
            ],
            "stacks": {
              "buttons": {
                "position": "bottom",
                "alignment": "trailing",
                "arranged": [
                  "compass",
                  "reporting"
                ]
              }
            },
            "shared": [
              "contentBottom.height == 0",
              "contentBottom.bottom == safeArea.bottom @low"
            ],
            "ready": {
              "views": [
                "googleLogo",
                "viewport",
                "buttons"
              ],
              "constraints": [
                "buttons.trailing == safeArea.trailing",
                "buttons.top == safeArea.top",
                "buttons.bottom == contentBottom.top",
                "googleLogo.leading == safeArea.leading",
                "googleLogo.bottom == contentBottom.top",
                "viewport.leading == safeArea.leading",
                "viewport.trailing == safeArea.trailing",
                "viewport.top == safeArea.top",
                "viewport.bottom == contentBottom.top"
              ]
            },
            "guidance": {
              "views": [
                "turnCard",
                "etaCard",
                "viewport",
                "googleLogo",
                "buttons"
              ],
              "constraints": [
                "turnCard.leading == safeArea.leading",
                "turnCard.top == map.top",
                "etaCard.leading == map.leading",
                "etaCard.bottom == map.bottom",
                "contentBottom.bottom <= etaCard.top",
                "buttons.trailing == safeArea.trailing",
                "buttons.top == turnCard.bottom",
                "buttons.bottom == contentBottom.top",
                "googleLogo.leading == safeArea.leading",
                "googleLogo.bottom == contentBottom.top",
                "viewport.leading == safeArea.leading",
                "viewport.trailing == safeArea.trailing",
                "viewport.top == turnCard.bottom",
                "viewport.bottom == contentBottom.top"
              ]
            },
            "prompt": {
              "constraints": [
                "prompt.bottom == map.bottom",
                "prompt.leading == safeArea.leading",
                "contentBottom.bottom <= prompt.top"
              ]
            }
          }
        }
        """#
}
