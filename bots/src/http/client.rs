//! [`HttpClient`]: the one HTTP client every bot call goes through,
//! [`HttpClient::post_signed`], the raw signed call with its deadline, size limit and fault kinds,
//! and [`HttpClient::ping`], the signed health check.

use std::time::Duration;

use reqwest::header::{CONTENT_TYPE, HeaderValue};
use url::Url;

use crate::bot::{BotFault, FaultAnswer, FaultKind};

use super::address::{AddressPolicy, PublicResolver, refused_literal};
use super::protocol::{MAX_ANSWER_BYTES, Ping, parse_pong};
use super::signature::Signer;

/// The header naming the match a call belongs to.
pub const MATCH_HEADER: &str = "x-cardarena-match";
/// The header carrying the body's signature (see [`Signer`]).
pub const SIGNATURE_HEADER: &str = "x-cardarena-signature";

/// The HTTP client for bot calls: one connection pool with keep-alive, shared by every bot and
/// match (cloning is cheap: the pool is behind an `Arc`). Redirects are never followed, no proxy
/// is used, and under [`AddressPolicy::Public`] only public addresses are ever connected to.
#[derive(Debug, Clone)]
pub struct HttpClient {
    client: reqwest::Client,
    policy: AddressPolicy,
}

impl HttpClient {
    /// A client that calls bots at addresses `policy` allows. Speaks http:// and https:// (rustls,
    /// verified against the system's CA roots; with none installed, https calls fail to connect).
    pub fn new(policy: AddressPolicy) -> HttpClient {
        let client = builder(policy).build().or_else(|e| {
            tracing::warn!("no TLS roots for bot calls ({e}); https:// bots will fail to connect");
            builder(policy).tls_certs_only([]).build()
        });
        let client =
            client.unwrap_or_else(|e| panic!("the HTTP client for bots cannot be built: {e}"));
        HttpClient { client, policy }
    }

    /// The address policy the client enforces.
    pub fn policy(&self) -> AddressPolicy {
        self.policy
    }

    /// POSTs `body` (JSON) to `url`, signed by `signer` and naming `match_id`, and returns the
    /// answer's body. The whole exchange (connecting, sending, the answer's head and body) must
    /// finish within `deadline`; a call whose connection breaks before the answer begins is sent
    /// once more on a new connection. Faults: `timeout` past the deadline; `connect` when the
    /// address cannot be reached, is refused by the address policy, or the connection breaks
    /// twice; `http_status`
    /// for any status but 2xx (redirects included); `too_large` for an answer over
    /// [`MAX_ANSWER_BYTES`] (read no further than that).
    pub async fn post_signed(
        &self,
        url: &Url,
        signer: &Signer,
        match_id: &str,
        body: Vec<u8>,
        deadline: Duration,
    ) -> Result<Vec<u8>, BotFault> {
        self.post_signed_answer(url, signer, match_id, body, deadline)
            .await
            .map(|(_, answer)| answer)
    }

    /// [`HttpClient::post_signed`], giving the answer's status with its body. An `http_status`
    /// fault carries the status and the first bytes of the body ([`FaultAnswer`]).
    pub async fn post_signed_answer(
        &self,
        url: &Url,
        signer: &Signer,
        match_id: &str,
        body: Vec<u8>,
        deadline: Duration,
    ) -> Result<(u16, Vec<u8>), BotFault> {
        let Ok(match_header) = HeaderValue::from_str(match_id) else {
            return Err(BotFault::new(
                FaultKind::Connect,
                "the call could not be made: the match id is not a valid header value",
            ));
        };
        self.post(url, signer, Some(match_header), body, deadline)
            .await
    }

    /// Sends `bot_id` a signed `ping` (no `X-Cardarena-Match` header: it belongs to no match) and
    /// checks the answer within `deadline`: a 2xx whose body is a JSON object passes. Faults as
    /// [`HttpClient::post_signed`], and `bad_json` for an answer that is not a JSON object.
    pub async fn ping(
        &self,
        url: &Url,
        signer: &Signer,
        bot_id: &str,
        nonce: &str,
        deadline: Duration,
    ) -> Result<(), BotFault> {
        let body = serde_json::to_vec(&Ping::new(bot_id, nonce))
            .unwrap_or_else(|_| unreachable!("a ping is plain strings and numbers"));
        let (_, answer) = self.post(url, signer, None, body, deadline).await?;
        parse_pong(&answer)
    }

    /// The signed POST behind [`HttpClient::post_signed`] and [`HttpClient::ping`].
    async fn post(
        &self,
        url: &Url,
        signer: &Signer,
        match_header: Option<HeaderValue>,
        body: Vec<u8>,
        deadline: Duration,
    ) -> Result<(u16, Vec<u8>), BotFault> {
        if let Some(ip) = refused_literal(url, self.policy) {
            return Err(BotFault::new(
                FaultKind::Connect,
                format!("refused by the address policy: {ip} is not a public address"),
            ));
        }
        let signature = HeaderValue::try_from(signer.sign(&body))
            .unwrap_or_else(|_| unreachable!("a hex signature is a valid header value"));
        let mut request = self
            .client
            .post(url.clone())
            .header(CONTENT_TYPE, HeaderValue::from_static("application/json"))
            .header(SIGNATURE_HEADER, signature)
            .body(body);
        if let Some(match_header) = match_header {
            request = request.header(MATCH_HEADER, match_header);
        }
        let call = async move {
            // A bot may close a kept-alive connection just as a call goes out on it; the call then
            // fails before any answer through no fault of the bot's, so it is sent once more, on a
            // new connection, within the same deadline.
            let again = request.try_clone();
            match (exchange(request).await, again) {
                (Err(Attempt::Broken(_)), Some(again)) => exchange(again).await,
                (result, _) => result,
            }
            .map_err(Attempt::into_fault)
        };
        match tokio::time::timeout(deadline, call).await {
            Ok(answer) => answer,
            Err(_) => Err(BotFault::new(
                FaultKind::Timeout,
                format!("no answer within {} ms", deadline.as_millis()),
            )),
        }
    }
}

/// Why one attempt at a call failed.
enum Attempt {
    /// The connection broke before the bot's answer began: worth one more try.
    Broken(BotFault),
    /// Anything else: the fault stands.
    Fault(BotFault),
}

impl Attempt {
    fn into_fault(self) -> BotFault {
        match self {
            Attempt::Broken(fault) | Attempt::Fault(fault) => fault,
        }
    }
}

/// Sends `request` once and reads the answer, at most [`MAX_ANSWER_BYTES`] of it, with its
/// status.
async fn exchange(request: reqwest::RequestBuilder) -> Result<(u16, Vec<u8>), Attempt> {
    let mut response = request.send().await.map_err(|error| {
        // A failure to connect at all (the bot is down, the address refused) is not retried.
        let broken = !error.is_connect() && !error.is_timeout() && error.is_request();
        let fault = transport_fault(error);
        if broken {
            Attempt::Broken(fault)
        } else {
            Attempt::Fault(fault)
        }
    })?;
    let status = response.status();
    if !status.is_success() {
        let detail = match status.is_redirection() {
            true => format!("answered {status} (redirects are not followed)"),
            false => format!("answered {status}"),
        };
        let head = first_bytes(&mut response).await;
        let fault = BotFault::new(FaultKind::HttpStatus, detail)
            .with_answer(FaultAnswer::new(status.as_u16(), &head));
        return Err(Attempt::Fault(fault));
    }
    let announced = response.content_length().unwrap_or(0);
    if announced > MAX_ANSWER_BYTES as u64 {
        return Err(Attempt::Fault(too_large(format!(
            "the answer's Content-Length is {announced} bytes"
        ))));
    }
    let mut answer = Vec::with_capacity(announced.max(256) as usize);
    while let Some(chunk) = response
        .chunk()
        .await
        .map_err(|e| Attempt::Fault(transport_fault(e)))?
    {
        if answer.len() + chunk.len() > MAX_ANSWER_BYTES {
            return Err(Attempt::Fault(too_large(format!(
                "the answer passed {} bytes",
                answer.len() + chunk.len()
            ))));
        }
        answer.extend_from_slice(&chunk);
    }
    Ok((status.as_u16(), answer))
}

/// The first [`FaultAnswer::MAX_BODY_BYTES`] bytes of a refused answer's body, to show the bot's
/// owner what it sent: what arrives of them within [`FIRST_BYTES_WAIT`] (a broken or stalled body
/// ends the read, so the fault stays `http_status`).
async fn first_bytes(response: &mut reqwest::Response) -> Vec<u8> {
    let mut head = Vec::new();
    let read = async {
        while head.len() < FaultAnswer::MAX_BODY_BYTES {
            match response.chunk().await {
                Ok(Some(chunk)) => head.extend_from_slice(&chunk),
                _ => break,
            }
        }
    };
    let _ = tokio::time::timeout(FIRST_BYTES_WAIT, read).await;
    head.truncate(FaultAnswer::MAX_BODY_BYTES);
    head
}

/// How long the first bytes of a refused answer's body are waited for.
const FIRST_BYTES_WAIT: Duration = Duration::from_millis(200);

fn builder(policy: AddressPolicy) -> reqwest::ClientBuilder {
    let builder = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .retry(reqwest::retry::never())
        .no_proxy()
        .referer(false)
        .tcp_nodelay(true)
        .user_agent(concat!("cardarena/", env!("CARGO_PKG_VERSION")));
    match policy {
        AddressPolicy::Local => builder,
        AddressPolicy::Public => builder.dns_resolver(PublicResolver),
    }
}

fn too_large(what: String) -> BotFault {
    BotFault::new(
        FaultKind::TooLarge,
        format!("{what}; at most {MAX_ANSWER_BYTES} bytes are allowed"),
    )
}

/// A `connect` fault for a transport error, with its chain of causes (the bot's URL left out).
fn transport_fault(error: reqwest::Error) -> BotFault {
    let error = error.without_url();
    let mut detail = error.to_string();
    let mut source = std::error::Error::source(&error);
    while let Some(cause) = source {
        let text = cause.to_string();
        if !detail.contains(&text) {
            detail.push_str(": ");
            detail.push_str(&text);
        }
        source = cause.source();
    }
    BotFault::new(FaultKind::Connect, detail)
}
