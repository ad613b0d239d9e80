import BlastoiseClient
import UIKit

/// "Your servers": the latest used first, the one in use ticked, a tap to switch, a swipe for
/// Rename and Remove, + to add one. An address is kept only once it answers like Blastoise; a
/// typing mistake (plain http off this network) is said at once. The list is `ServerList`.
final class ServerSetupViewController: UITableViewController {
  private let open: (ServerAddress) -> Void
  private var store: ServerStore { ServerStore.shared }

  init(open: @escaping (ServerAddress) -> Void) {
    self.open = open
    super.init(style: .insetGrouped)
    title = "Your servers"
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "server")
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      systemItem: .add, primaryAction: UIAction { [weak self] _ in self?.askForAddress() })
    if store.list.servers.isEmpty { askForAddress() }
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    store.list.servers.count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let server = store.list.servers[indexPath.row]
    let cell = tableView.dequeueReusableCell(withIdentifier: "server", for: indexPath)
    var content = cell.defaultContentConfiguration()
    content.text = server.name
    content.secondaryText = server.url.absoluteString
    cell.contentConfiguration = content
    cell.accessoryType = server.url == store.list.current ? .checkmark : .none
    return cell
  }

  override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    let server = store.list.servers[indexPath.row]
    store.update { $0.use(server.url, at: Date().timeIntervalSince1970) }
    open(server)
  }

  override func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> UISwipeActionsConfiguration?
  {
    let server = store.list.servers[indexPath.row]
    let remove = UIContextualAction(style: .destructive, title: "Remove") { [weak self] _, _, done in
      self?.store.update { $0.remove(server.url) }
      self?.tableView.reloadData()
      done(true)
    }
    let rename = UIContextualAction(style: .normal, title: "Rename") { [weak self] _, _, done in
      self?.askForName(server)
      done(true)
    }
    return UISwipeActionsConfiguration(actions: [remove, rename])
  }

  private func askForAddress(_ problem: String? = nil) {
    let alert = UIAlertController(
      title: "Add a server", message: problem ?? "Its address, as you open it in a browser.", preferredStyle: .alert)
    alert.addTextField {
      $0.placeholder = "music.example.org"
      $0.keyboardType = .URL
      $0.autocapitalizationType = .none
      $0.autocorrectionType = .no
    }
    alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
    alert.addAction(
      UIAlertAction(title: "Add", style: .default) { [weak self] _ in
        self?.add(alert.textFields?.first?.text ?? "")
      })
    present(alert, animated: true)
  }

  private func add(_ typed: String) {
    let url: URL
    do {
      url = try ServerAddress.parse(typed)
    } catch {
      askForAddress(error.description)
      return
    }
    Task { [weak self] in
      do {
        let identity = try await BlastoiseAPI(baseURL: url).identity()
        guard let self else { return }
        self.store.update { $0.add(url, identity: identity, at: Date().timeIntervalSince1970) }
        self.tableView.reloadData()
        if let server = self.store.list.inUse { self.open(server) }
      } catch {
        self?.askForAddress("\(url.absoluteString): \(error.message)")
      }
    }
  }

  private func askForName(_ server: ServerAddress) {
    let alert = UIAlertController(title: "Rename", message: server.url.absoluteString, preferredStyle: .alert)
    alert.addTextField { $0.text = server.name }
    alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
    alert.addAction(
      UIAlertAction(title: "Save", style: .default) { [weak self] _ in
        self?.store.update { $0.rename(server.url, to: alert.textFields?.first?.text ?? "") }
        self?.tableView.reloadData()
      })
    present(alert, animated: true)
  }
}
