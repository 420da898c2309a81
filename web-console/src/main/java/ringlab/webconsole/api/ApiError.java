package ringlab.webconsole.api;

/** An answer other than 200: status code and message (the body is {"error": message}). */
final class ApiError extends Exception {
    private static final long serialVersionUID = 1L;
    final int status;

    ApiError(int status, String message) {
        super(message);
        this.status = status;
    }
}
