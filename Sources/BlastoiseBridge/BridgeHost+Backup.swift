import BlastoiseClient
import BlastoisePhotoBackup

extension BridgeHost {
  /// The card's choice, for whoever is signed in now (backup belongs to one account: another
  /// one signing in finds it off).
  func chooseBackup(_ choice: BackupChoice) async throws(BridgeError) {
    guard let backup else {
      send(.backup(nil, nil))
      return
    }
    guard let account = await signedInAccount() else {
      throw BridgeError("Sign in to back up this phone's photos")
    }
    await backup.apply(choice.applied(to: await backup.settings(), by: account))
    await reportBackup()
  }

  /// Where this phone's backup is, as the signed-in person sees it.
  func reportBackup() async {
    guard let backup else {
      send(.backup(nil, nil))
      return
    }
    var settings = await backup.settings()
    var report = await backup.report()
    if let account = await signedInAccount(), settings.account != nil, settings.account != account {
      settings = settings.afterSignIn(account)
      await backup.apply(settings)
      report = BackupReport(state: .off)
    }
    send(.backup(settings, report))
  }

  private func signedInAccount() async -> BackupAccount? {
    guard let user = try? await api.me().user, !user.isGuest else { return nil }
    return BackupAccount(server: origin.description, username: user.username)
  }
}
