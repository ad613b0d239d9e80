import BlastoiseBridge
import BlastoiseClient
import CarPlay

/// CarPlay: list templates over `BrowseTree` (tested on Linux) — Continue listening, Rooms,
/// Playlists, Albums, Podcasts, Audiobooks — and a chosen row played by the phone's player
/// (`BridgeHost.play`), then the system's Now Playing screen. Needs Apple's CarPlay audio
/// entitlement to appear on a dashboard.
final class CarPlaySceneDelegate: UIResponder, CPTemplateApplicationSceneDelegate {
  private var interface: CPInterfaceController?

  func templateApplicationScene(
    _ scene: CPTemplateApplicationScene, didConnect interfaceController: CPInterfaceController
  ) {
    interface = interfaceController
    Task { @MainActor in
      interfaceController.setRootTemplate(await self.list(.root), animated: false, completion: nil)
    }
  }

  func templateApplicationScene(
    _ scene: CPTemplateApplicationScene, didDisconnectInterfaceController interfaceController: CPInterfaceController
  ) {
    interface = nil
  }

  @MainActor
  private func list(_ place: BrowsePlace) async -> CPListTemplate {
    guard let api = PhoneAudio.shared.api else {
      let hint = CPListItem(text: "Open Blastoise on the phone", detailText: "and choose your server")
      return CPListTemplate(title: "Blastoise", sections: [CPListSection(items: [hint])])
    }
    let rows: [CPListItem]
    do {
      rows = try await BrowseTree(api: api).items(place).map(row)
    } catch {
      rows = [CPListItem(text: "Not available now", detailText: error.message)]
    }
    return CPListTemplate(title: place.title, sections: [CPListSection(items: rows)])
  }

  @MainActor
  private func row(_ item: BrowseItem) -> CPListItem {
    let row = CPListItem(text: item.title, detailText: item.subtitle)
    if case .open = item.action { row.accessoryType = .disclosureIndicator }
    row.handler = { [weak self] _, done in
      Task { @MainActor in
        await self?.choose(item)
        done()
      }
    }
    return row
  }

  @MainActor
  private func choose(_ item: BrowseItem) async {
    switch item.action {
    case .open(let place):
      interface?.pushTemplate(await list(place), animated: true, completion: nil)
    case .play(let choice):
      do {
        try await PhoneAudio.shared.host?.play(choice)
        interface?.pushTemplate(CPNowPlayingTemplate.shared, animated: true, completion: nil)
      } catch {
        let alert = CPAlertTemplate(
          titleVariants: [error.message],
          actions: [
            CPAlertAction(title: "OK", style: .cancel) { [weak self] _ in
              self?.interface?.dismissTemplate(animated: true)
            }
          ])
        interface?.presentTemplate(alert, animated: true, completion: nil)
      }
    }
  }
}
