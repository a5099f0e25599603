//! One keep-alive HTTP/1.1 connection speaking DynamoDB's JSON protocol, unsigned.

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::client::conn::http1::{self, SendRequest};
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;

pub struct Connection {
    sender: SendRequest<Full<Bytes>>,
    host: String,
}

impl Connection {
    pub async fn open(address: &str) -> Result<Self, String> {
        let stream = TcpStream::connect(address)
            .await
            .map_err(|error| format!("connect {address}: {error}"))?;
        let _ = stream.set_nodelay(true);
        let (sender, connection) = http1::handshake(TokioIo::new(stream))
            .await
            .map_err(|error| format!("handshake {address}: {error}"))?;
        tokio::spawn(connection);
        Ok(Self {
            sender,
            host: address.to_owned(),
        })
    }

    /// Sends `body` as `operation` and returns the status and the body of the answer.
    pub async fn call(&mut self, operation: &str, body: Bytes) -> Result<(u16, Bytes), String> {
        let request = hyper::Request::post("/")
            .header("host", &self.host)
            .header("content-type", "application/x-amz-json-1.0")
            .header("x-amz-target", format!("DynamoDB_20120810.{operation}"))
            // Dynoxide refuses a request without the headers a signature would cover; none
            // of the servers checks the signature itself.
            .header(
                "authorization",
                "AWS4-HMAC-SHA256 Credential=bench/20260101/us-east-1/dynamodb/aws4_request, \
                 SignedHeaders=host;x-amz-date, Signature=0",
            )
            .header("x-amz-date", "20260101T000000Z")
            .body(Full::new(body))
            .map_err(|error| error.to_string())?;
        self.sender
            .ready()
            .await
            .map_err(|error| error.to_string())?;
        let response = self
            .sender
            .send_request(request)
            .await
            .map_err(|error| error.to_string())?;
        let status = response.status().as_u16();
        let body = response
            .into_body()
            .collect()
            .await
            .map_err(|error| error.to_string())?
            .to_bytes();
        Ok((status, body))
    }
}
