"""schemathesis hooks for scripts/api-contract: a serializer for tus PATCH bodies, which
schemathesis has none for (it refuses to test the operation otherwise)."""
import schemathesis


@schemathesis.serializer("application/offset+octet-stream")
def offset_octet_stream(ctx, value):
    if isinstance(value, (bytes, bytearray)):
        return {"data": bytes(value)}
    return {"data": str(value).encode("utf-8")}
