//! Errors as the API answers them: a status and one JSON object with the
//! fields the command line's messages carry.
//!
//! ```json
//! {"status": 400, "code": "paperboard::spec::invalid",
//!  "message": "sos.toml:34:8: `size` must be columns x rows, each 3 to 26 (key `sos-board.size`)",
//!  "reason": "`size` must be columns x rows, each 3 to 26",
//!  "origin": "sos.toml", "line": 34, "column": 8, "key": "sos-board.size"}
//! ```
//!
//! `message` is the line the command line prints; `reason` the same without
//! where; `line`, `column` and `key` are there when the error has them (a
//! spec's value, a map file's entry, a `set=` change, a part that does not
//! fit), so the page can show the error at its field or line.

use axum::http::StatusCode;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use paperboard_games::analysis::AnalyzeError;
use paperboard_games::maps::MapError;
use paperboard_games::source::Diagnostic;
use paperboard_games::source::text::InputError;
use paperboard_sheets::handout::HandoutError;
use paperboard_sheets::language::Language;
use paperboard_sheets::layout::LayoutError;
use paperboard_sheets::spec::SpecError;

use super::refusal::Refusal;

/// An answer that is not what was asked for (boxed: it travels in every
/// handler's `Result`).
#[derive(Debug, Clone)]
pub struct ApiError(Box<ErrorBody>);

impl std::ops::Deref for ApiError {
    type Target = ErrorBody;
    fn deref(&self) -> &ErrorBody {
        &self.0
    }
}

impl std::ops::DerefMut for ApiError {
    fn deref_mut(&mut self) -> &mut ErrorBody {
        &mut self.0
    }
}

/// What an error answer's JSON holds.
#[derive(Debug, Clone, Serialize)]
pub struct ErrorBody {
    /// The HTTP status, also in the body for scripts that read only it.
    #[serde(serialize_with = "status_number")]
    pub status: StatusCode,
    /// A stable code: the library's diagnostic code
    /// (`paperboard_sheets::spec::invalid`) or the server's (`too-large`, `busy`, …).
    pub code: String,
    /// The message, as the command line prints it.
    pub message: String,
    /// What is wrong, without where.
    pub reason: String,
    /// `message` in the language the request asked for (`language=`), on
    /// the routes that take one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub says: Option<String>,
    /// The input the error is in (a spec's name, a record file's name).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub origin: Option<String>,
    /// 1-based line in that input.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    /// 1-based column, in characters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<u32>,
    /// The key (`sos.size`, `worksheet.exercises`) or part (`records`) at fault.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    /// What to do about it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    /// Every photo sent to the read route, each with why it was not read,
    /// when none was (the error is the first's): as a reading's `unread`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unread: Option<serde_json::Value>,
    /// Why the server refused the request as a whole, typed: `says` is
    /// worded from it in the language the request asked for.
    #[serde(skip)]
    pub refusal: Option<Refusal>,
}

fn status_number<S: serde::Serializer>(s: &StatusCode, ser: S) -> Result<S::Ok, S::Error> {
    ser.serialize_u16(s.as_u16())
}

impl ApiError {
    /// An error with a plain message.
    pub fn new(status: StatusCode, code: &str, message: impl Into<String>) -> ApiError {
        let message = message.into();
        ApiError(Box::new(ErrorBody {
            status,
            code: code.to_string(),
            reason: message.clone(),
            message,
            says: None,
            origin: None,
            line: None,
            column: None,
            key: None,
            help: None,
            unread: None,
            refusal: None,
        }))
    }

    /// A refusal of the request as a whole: its English is the message,
    /// and `says` is in the language the request asked for, if any
    /// ([`super::refusal::asked`]).
    pub fn refused(status: StatusCode, code: &str, refusal: Refusal) -> ApiError {
        let mut e = ApiError::new(status, code, refusal.says(Language::En));
        e.refusal = Some(refusal);
        e
    }

    /// 400: the request itself is wrong.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad-request", message)
    }

    /// 404: no such thing.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not-found", message)
    }

    /// 413: the request asks for more work than one request may.
    pub fn too_much(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "too-large", message)
    }

    /// 413 for `why`, in the language the request asked for.
    pub fn too_much_for(why: Refusal) -> ApiError {
        ApiError::refused(StatusCode::PAYLOAD_TOO_LARGE, "too-large", why)
    }

    /// 503: every worker busy.
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", message)
    }

    /// 500: a fault of the server's, not of the request.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }

    /// With a help line.
    pub fn with_help(mut self, help: impl Into<String>) -> ApiError {
        self.help = Some(help.into());
        self
    }

    /// With `message` in the language the request asked for.
    pub fn with_says(mut self, says: impl Into<String>) -> ApiError {
        self.says = Some(says.into());
        self
    }

    /// With the key at fault.
    pub fn with_key(mut self, key: impl Into<String>) -> ApiError {
        self.key = Some(key.into());
        self
    }

    /// A library error's diagnostic: its message with its causes, its
    /// code, hint and reason, the key at fault, and where it points.
    fn diagnostic(status: StatusCode, d: Diagnostic) -> ApiError {
        let code = d.code.clone().unwrap_or_else(|| "bad-request".into());
        let message = d.text();
        ApiError::described(status, &code, message, d)
    }

    /// A library error answered under the code its route has always given
    /// it (`bad-request`, `internal`), with its message as the error says
    /// itself; where it points, the key at fault, what is wrong without
    /// where and its hint are its diagnostic's, typed, not its text.
    pub fn under(status: StatusCode, code: &str, d: Diagnostic) -> ApiError {
        let message = d.message.clone();
        ApiError::described(status, code, message, d)
    }

    /// 400 under `bad-request` for a library error, through its
    /// diagnostic ([`ApiError::under`]).
    pub fn bad_request_of(e: &dyn miette::Diagnostic) -> ApiError {
        ApiError::under(StatusCode::BAD_REQUEST, "bad-request", Diagnostic::of(e))
    }

    fn described(status: StatusCode, code: &str, message: String, d: Diagnostic) -> ApiError {
        let mut e = ApiError::new(status, code, message);
        e.help = d.hints.first().cloned();
        e.line = d.at.map(|at| at.line);
        e.column = d.at.map(|at| at.col);
        e.origin = d.origin;
        e.key = d.key;
        e.reason = d.reason;
        e
    }

    /// Any library error, through its diagnostic.
    fn of(status: StatusCode, e: &dyn miette::Diagnostic) -> ApiError {
        ApiError::diagnostic(status, Diagnostic::of(e))
    }
}

impl ApiError {
    /// The answer's JSON body.
    pub fn json(&self) -> String {
        serde_json::to_string(&*self.0).unwrap_or_else(|_| "{}".into())
    }
}

impl IntoResponse for ApiError {
    fn into_response(mut self) -> Response {
        if self.says.is_none()
            && let (Some(refusal), Some(language)) = (&self.refusal, super::refusal::asked())
        {
            self.says = Some(refusal.says(language));
        }
        let body = self.json();
        (
            self.status,
            [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
            body,
        )
            .into_response()
    }
}

impl ApiError {
    /// A spec's error, with `says` (what is wrong, without where) in
    /// `language` when the request asked for one.
    pub fn spec(e: SpecError, language: Option<Language>) -> ApiError {
        let says = language.map(|l| e.says(l));
        ApiError::from(e).said(says)
    }

    /// A layout's error, with `says` in `language` when asked for.
    pub fn layout(e: LayoutError, language: Option<Language>) -> ApiError {
        let says = language.map(|l| e.says(l));
        ApiError::from(e).said(says)
    }

    fn said(self, says: Option<String>) -> ApiError {
        match says {
            Some(says) => self.with_says(says),
            None => self,
        }
    }
}

impl From<SpecError> for ApiError {
    fn from(e: SpecError) -> ApiError {
        let status = match &e {
            SpecError::Input(input) => input_status(input),
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError::diagnostic(status, Diagnostic::from(&e))
    }
}

/// An input that could not be read as text: too large is 413, the rest 400.
fn input_status(e: &InputError) -> StatusCode {
    match e {
        InputError::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
        _ => StatusCode::BAD_REQUEST,
    }
}

impl From<InputError> for ApiError {
    fn from(e: InputError) -> ApiError {
        ApiError::diagnostic(input_status(&e), Diagnostic::from(&e))
    }
}

impl From<LayoutError> for ApiError {
    fn from(e: LayoutError) -> ApiError {
        ApiError::diagnostic(StatusCode::BAD_REQUEST, Diagnostic::from(&e))
    }
}

impl From<HandoutError> for ApiError {
    fn from(e: HandoutError) -> ApiError {
        match e {
            HandoutError::Spec(s) => s.into(),
            other => ApiError::diagnostic(StatusCode::BAD_REQUEST, Diagnostic::from(&other)),
        }
    }
}

impl From<MapError> for ApiError {
    fn from(e: MapError) -> ApiError {
        let status = match &e {
            MapError::Input(input) => input_status(input),
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError::diagnostic(status, Diagnostic::from(&e))
    }
}

impl From<AnalyzeError> for ApiError {
    fn from(e: AnalyzeError) -> ApiError {
        match e {
            AnalyzeError::Map(m) => m.into(),
            other => ApiError::diagnostic(StatusCode::BAD_REQUEST, Diagnostic::from(&other)),
        }
    }
}

/// Drawing a document the layout made cannot fail on any input; if it does,
/// that is the server's fault.
impl From<paperboard_sheets::backend::BackendError> for ApiError {
    fn from(e: paperboard_sheets::backend::BackendError) -> ApiError {
        ApiError::of(StatusCode::INTERNAL_SERVER_ERROR, &e)
    }
}

impl From<paperboard_sheets::diagram::DiagramError> for ApiError {
    fn from(e: paperboard_sheets::diagram::DiagramError) -> ApiError {
        ApiError::of(StatusCode::BAD_REQUEST, &e)
    }
}
