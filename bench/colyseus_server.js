// The Colyseus peer of bench/run.py: Colyseus 0.18 (@colyseus/core +
// @colyseus/ws-transport) with one room type, "bench", equivalent to a lobby
// table: clients join it (the first creates it), and each "move" message is
// answered by one broadcast to everyone in the room of a delta of the same
// shape and size as the lobby's (table id, base/version counter, the recorded
// Sibala patch of sample_delta.json -- or, for a room created with
// `sample: <game>` (W5), that game's patch in sample_deltas.json -- server
// clock).  No schema state.
//
//   node bench/colyseus_server.js --port N [--host 127.0.0.1]
"use strict";
const fs = require("fs");
const path = require("path");
const { Server, Room, LocalPresence, LocalDriver } = require("@colyseus/core");
const { WebSocketTransport } = require("@colyseus/ws-transport");

const args = process.argv.slice(2);
const arg = (name, dflt) => { const i = args.indexOf("--" + name); return i >= 0 ? args[i + 1] : dflt; };
const port = Number(arg("port", "2567"));
const host = arg("host", "127.0.0.1");
const PATCH = JSON.parse(fs.readFileSync(path.join(__dirname, "sample_delta.json"), "utf8")).patch;
const SAMPLES = JSON.parse(fs.readFileSync(path.join(__dirname, "sample_deltas.json"), "utf8"));

class BenchRoom extends Room {
  onCreate(options) {
    this.maxClients = Math.min(Number(options.max || 10), 100000);
    this.autoDispose = true;
    this.version = 1;
    const patch = options.sample ? SAMPLES[options.sample].patch : PATCH;
    this.onMessage("move", (client, message) => {
      const base = this.version++;
      this.broadcast("delta", { t: "delta", table: this.roomId, base, version: this.version, seat: null, patch, now: Date.now() });
    });
    this.onMessage("ping", (client) => client.send("pong", { t: "pong", now: Date.now() }));
  }
  onJoin(client, options) {}
  onLeave(client) {}
}

const gameServer = new Server({
  transport: new WebSocketTransport({ pingInterval: 20000, pingMaxRetries: 2, perMessageDeflate: false, maxPayload: 4096 }),
  greet: false,
});
gameServer.define("bench", BenchRoom);
gameServer.listen(port, host).then(() => {
  process.stdout.write(JSON.stringify({ event: "listening", port, pid: process.pid }) + "\n");
});
