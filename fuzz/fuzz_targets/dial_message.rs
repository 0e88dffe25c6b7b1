//! The dial-out message reader: what the bots crate reads of each message a dial-out bot sends on
//! its WebSocket (`cardarena_bots::dial::request_id`), and the delivery of the message on a
//! connection of a real switchboard (`Attached::deliver`: size limit, the call it answers, the
//! stray message kept for a later fault). The bytes are the message's text, as the server hands
//! it over (lossy UTF-8 stands in for its note on binary messages). A message that is a JSON
//! object naming a string `request_id` must give that id back.
#![no_main]

use cardarena_bots::dial::{Switchboard, request_id};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let id = request_id(&text);
    if let Ok(Value::Object(fields)) = serde_json::from_str::<Value>(&text) {
        if let Some(Value::String(named)) = fields.get("request_id") {
            assert_eq!(id.as_deref(), Some(named.as_str()));
        }
    } else {
        assert_eq!(id, None, "only a JSON object names a request");
    }
    let board = Switchboard::new();
    let attached = board
        .attach("fuzz")
        .expect("an empty switchboard takes a connection");
    attached.deliver(&text);
    attached.deliver(&text);
    drop(attached);
    assert_eq!(board.open(), 0, "a dropped connection leaves the board");
});
