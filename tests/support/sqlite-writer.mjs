// A second process that writes to a SQLite database until it is killed, for tests of what
// other processes see meanwhile. Each transaction inserts <batch size> notifications titled
// `batch-<n>` for user 1, so a consistent snapshot holds every batch whole or not at all.
//   node tests/support/sqlite-writer.mjs <database file> <batch size>
import Database from "better-sqlite3";

const BATCH_SIZE = Number(process.argv[3]);

const db = new Database(process.argv[2], { fileMustExist: true, timeout: 5000 });
db.pragma("journal_mode = WAL");
const insert = db.prepare(
  "INSERT INTO Notification (userId, type, title, message, createdAt) VALUES (1, 'RANK_CHANGE', ?, 'written during a backup', ?)",
);
const writeBatch = db.transaction((batch) => {
  for (let i = 0; i < BATCH_SIZE; i++) insert.run(`batch-${batch}`, Date.now());
});

let batch = 0;
process.stdout.write("ready\n");
function writeSome() {
  for (let i = 0; i < 20; i++) writeBatch.immediate(batch++);
  setImmediate(writeSome);
}
writeSome();
