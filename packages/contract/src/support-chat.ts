/** The customer-service chat (issue 18): frames over WebSocket, conversations and messages over HTTP. */
export {};
