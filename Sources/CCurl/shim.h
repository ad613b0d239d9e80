// libcurl's setopt and getinfo are variadic, which Swift cannot call: one typed wrapper each.
#include <curl/curl.h>
#include <sys/socket.h>

typedef size_t (*bl_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef curl_socket_t (*bl_curl_open_socket_callback)(void *context, curlsocktype purpose,
                                                      struct curl_sockaddr *address);

static inline CURLcode bl_curl_set_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode bl_curl_set_size(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode bl_curl_set_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode bl_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode bl_curl_set_headers(CURL *handle, struct curl_slist *headers) {
  return curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
}
static inline CURLcode bl_curl_set_data_callback(CURL *handle, CURLoption option, bl_curl_data_callback callback) {
  return curl_easy_setopt(handle, option, callback);
}
static inline CURLcode bl_curl_set_open_socket(CURL *handle, bl_curl_open_socket_callback callback) {
  return curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, callback);
}
static inline CURLcode bl_curl_info_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode bl_curl_info_string(CURL *handle, CURLINFO info, char **value) {
  return curl_easy_getinfo(handle, info, value);
}
