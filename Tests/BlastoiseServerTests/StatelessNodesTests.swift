import BlastoiseTestSupport
import Foundation
import Testing

/// Nodes hold nothing another node needs: real `blastoise serve` processes on one throwaway
/// PostgreSQL schema. Every wait is a hang guard (60 s or more).
@Suite(.enabled(if: TestPostgres.url != nil, "needs \(TestPostgres.variable) (scripts/test-postgres)"))
struct StatelessNodesTests {
  /// The sign-in throttle is in the store: failures on one node count on the other.
  @Test func failedSignInsOnOneNodeCountOnTheOther() async throws {
    try await RoomNodesProcessTests.withNodes(2, seconds: [1]) { nodes, _ in
      let onA = APIClient(base: nodes[0].client.base)
      let onB = APIClient(base: nodes[1].client.base)
      for _ in 0..<3 { #expect(try await onA.logIn("keeper", password: "wrong-password").status == 401) }
      for _ in 0..<2 { #expect(try await onB.logIn("keeper", password: "wrong-password").status == 401) }
      // Five failures of one name from one address, spread over both nodes: the sixth try waits
      // on either node, even with the right password.
      for client in [onA, onB] {
        let refused = try await client.logIn("keeper")
        #expect(refused.status == 429)
        #expect(refused.header("Retry-After") != nil)
      }
    }
  }
}
